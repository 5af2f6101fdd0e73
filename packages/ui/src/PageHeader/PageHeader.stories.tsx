import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { ButtonLink } from '../Button/Button.tsx';
import { Text } from '../Text/Text.tsx';
import { PageHeader } from './PageHeader.tsx';

const meta = {
  title: 'Layout/PageHeader',
  component: PageHeader,
  args: {
    title: 'Cloud Infrastructure',
    lead: 'Design, migration and round-the-clock management of secure Azure and AWS infrastructure that grows with you.',
  },
} satisfies Meta<typeof PageHeader>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every part: breadcrumb, eyebrow, the h1, byline, lead, a price and two actions. */
export const Full: Story = {
  args: {
    breadcrumb: [
      { label: 'Home', to: '/' },
      { label: 'Services', to: '/services' },
      { label: 'Cloud Infrastructure' },
    ],
    eyebrow: 'Service',
    byline: (
      <Text size="sm" tone="muted">
        Updated 22 November 2026
      </Text>
    ),
    meta: (
      <Text size="xl" weight="semibold">
        From £1,000 per project
      </Text>
    ),
    actions: (
      <>
        <ButtonLink to="/consultation-request?service=cloud-infrastructure" variant="accent" size="large">
          Request a consultation
        </ButtonLink>
        <ButtonLink to="/services" variant="inverse" size="large">
          See all services
        </ButtonLink>
      </>
    ),
  },
  play: async ({ canvas }) => {
    const h1 = canvas.getByRole('heading', { level: 1, name: 'Cloud Infrastructure' });
    await expect(h1).toBeVisible();
    await expect(getComputedStyle(h1).fontSize).toBe('48px');
    await expect(canvas.getByRole('navigation', { name: 'Breadcrumb' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Request a consultation' })).toHaveAttribute(
      'href',
      '/consultation-request?service=cloud-infrastructure',
    );
    // Reading order: breadcrumb, eyebrow, title, byline, lead, price, actions.
    const order = [
      'Service',
      'Cloud Infrastructure',
      'Updated 22 November 2026',
      'From £1,000 per project',
    ].map((text) => canvas.getAllByText(text).at(-1)!.getBoundingClientRect().top);
    await expect([...order].sort((a, b) => a - b)).toEqual(order);
  },
};

/** Only a title and a lead, as most pages open. */
export const TitleAndLead: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Cloud Infrastructure');
    await expect(canvas.queryByRole('navigation')).toBeNull();
  },
};

/** A light band (the frame of a page still to come): the lead turns muted. */
export const OnSurface: Story = {
  args: { tone: 'surface', width: 'medium', title: 'Technology Providers' },
  play: async ({ canvas }) => {
    const lead = canvas.getByText(/^Design, migration/);
    await expect(getComputedStyle(lead).color).toBe('rgb(71, 85, 105)');
  },
};

/** A phone: the title steps down a size and long words wrap. */
export const OnPhone: Story = {
  args: { title: 'Consultation Services and Infrastructure Planning' },
  globals: { viewport: { value: 'mobile320' } },
  parameters: { visual: { widths: [375] } },
  play: async ({ canvas }) => {
    const h1 = canvas.getByRole('heading', { level: 1 });
    await expect(getComputedStyle(h1).fontSize).toBe('36px');
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
