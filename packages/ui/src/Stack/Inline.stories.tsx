import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Badge } from '../Badge/Badge.tsx';
import { ButtonLink } from '../Button/Button.tsx';
import { Inline } from './Stack.tsx';

const meta = {
  title: 'Layout/Inline',
  component: Inline,
  parameters: { layout: 'padded' },
  args: {
    children: [
      <ButtonLink key="a" to="/consultation-request" variant="primary" size="large">
        Request a consultation
      </ButtonLink>,
      <ButtonLink key="b" to="/services" variant="secondary" size="large">
        Explore our services
      </ButtonLink>,
    ],
  },
} satisfies Meta<typeof Inline>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The actions row: buttons side by side, 12 px apart. */
export const Actions: Story = {
  play: async ({ canvas }) => {
    const first = canvas.getByRole('link', { name: 'Request a consultation' });
    const second = canvas.getByRole('link', { name: 'Explore our services' });
    await expect(first.getBoundingClientRect().top).toBe(second.getBoundingClientRect().top);
    await expect(second.getBoundingClientRect().left - first.getBoundingClientRect().right).toBe(12);
  },
};

/** On a narrow phone the second button wraps under the first instead of overflowing. */
export const ActionsWrapOnPhone: Story = {
  globals: { viewport: { value: 'mobile320' } },
  parameters: { visual: { widths: [375] } },
  play: async ({ canvas }) => {
    const first = canvas.getByRole('link', { name: 'Request a consultation' });
    const second = canvas.getByRole('link', { name: 'Explore our services' });
    await expect(second.getBoundingClientRect().top).toBeGreaterThan(first.getBoundingClientRect().bottom);
  },
};

/** `as="ul"`: a row of links as a list. */
export const LinkList: Story = {
  args: {
    as: 'ul',
    gap: '2',
    children: ['Dynamics 365', 'Web Development', 'AI Solutions', 'Domain & Hosting'].map((title) => (
      <ButtonLink key={title} to={`/services/${title}`} variant="secondary" size="small">
        {title}
      </ButtonLink>
    )),
  },
  play: async ({ canvas }) => {
    await expect(within(canvas.getByRole('list')).getAllByRole('listitem')).toHaveLength(4);
  },
};

/** A badge and its text on one baseline. */
export const BadgeAndText: Story = {
  args: {
    as: 'p',
    children: [
      <Badge key="b" tone="neutral">
        Free
      </Badge>,
      <span key="t">You are on the free plan.</span>,
    ],
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('You are on the free plan.').closest('p')).toContainElement(
      canvas.getByText('Free'),
    );
  },
};
