import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Section } from '../Container/Container.tsx';
import { Breadcrumb } from './Breadcrumb.tsx';

const meta = {
  title: 'Layout/Breadcrumb',
  component: Breadcrumb,
  args: {
    items: [
      { label: 'Home', to: '/' },
      { label: 'Services', to: '/services' },
      { label: 'Cloud Infrastructure' },
    ],
  },
  render: (args) => (
    <Section tone="inverse">
      <Breadcrumb {...args} />
    </Section>
  ),
} satisfies Meta<typeof Breadcrumb>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Home / Services / the page: links to the levels above, the page itself marked current, not linked. */
export const ServicePage: Story = {
  play: async ({ canvas }) => {
    const nav = canvas.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(within(nav).getAllByRole('listitem')).toHaveLength(3);
    await expect(within(nav).getByRole('link', { name: 'Services' })).toHaveAttribute('href', '/services');
    const current = within(nav).getByText('Cloud Infrastructure');
    await expect(current).toHaveAttribute('aria-current', 'page');
    await expect(within(nav).queryByRole('link', { name: 'Cloud Infrastructure' })).toBeNull();
    // The separators are drawn by CSS, not read out.
    await expect(nav.textContent).toBe('HomeServicesCloud Infrastructure');
  },
};

/** On a light band the links keep the surrounding text colour. */
export const OnLightBand: Story = {
  render: (args) => (
    <Section>
      <Breadcrumb {...args} />
    </Section>
  ),
  play: async ({ canvas }) => {
    const link = canvas.getByRole('link', { name: 'Home' });
    await expect(getComputedStyle(link).color).toBe(getComputedStyle(link.closest('section')!).color);
  },
};

/** A long trail wraps on a phone. */
export const WrapsOnPhone: Story = {
  args: {
    items: [
      { label: 'Home', to: '/' },
      { label: 'Services', to: '/services' },
      { label: 'Consultation Services and Planning for Highland Businesses' },
    ],
  },
  globals: { viewport: { value: 'mobile320' } },
  parameters: { visual: { widths: [375] } },
  play: async ({ canvas }) => {
    const nav = canvas.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(nav.scrollWidth).toBeLessThanOrEqual(nav.clientWidth);
  },
};
