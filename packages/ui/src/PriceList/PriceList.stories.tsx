import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Section } from '../Container/Container.tsx';
import { PriceList } from './PriceList.tsx';

const meta = {
  title: 'Components/PriceList',
  component: PriceList,
  args: {
    label: 'Cloud Infrastructure prices',
    items: [
      {
        name: 'Foundation',
        summary: 'Migration of up to 2 servers with backup and monitoring',
        price: 'From £1,000',
        detail: 'one-off, or £250 a month',
      },
      {
        name: 'Business',
        summary: 'Landing zone, up to 5 servers, disaster recovery plan',
        price: 'From £2,500',
        detail: 'one-off, or £450 a month',
      },
      {
        name: 'Enterprise',
        summary: 'Multi-region design, up to 15 servers, 24/7 on-call',
        price: 'From £6,000',
        detail: 'one-off, or £900 a month',
      },
    ],
  },
  render: (args) => (
    <Section title="Prices" id="prices">
      <PriceList {...args} />
    </Section>
  ),
} satisfies Meta<typeof PriceList>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Three tiers in a row on wider screens, each with its terms. */
export const Tiers: Story = {
  play: async ({ canvas }) => {
    const items = within(canvas.getByRole('list', { name: 'Cloud Infrastructure prices' })).getAllByRole(
      'listitem',
    );
    await expect(items).toHaveLength(3);
    await expect(new Set(items.map((i) => Math.round(i.getBoundingClientRect().top))).size).toBe(1);
    await expect(within(items[1]!).getByText('From £2,500')).toBeVisible();
    await expect(within(items[1]!).getByRole('heading', { level: 3, name: 'Business' })).toBeVisible();
  },
};

/** Four prices with only a unit, as the home page's teaser. */
export const Teaser: Story = {
  args: {
    items: [
      { name: 'Domain & Hosting', price: 'From £37.50', detail: 'per month' },
      { name: 'Support & Training', price: 'From £45', detail: 'per session' },
      { name: 'Web Development', price: 'From £495', detail: 'per project' },
      { name: 'Cloud Infrastructure', price: 'From £1,000', detail: 'per project' },
    ],
  },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('listitem')).toHaveLength(4);
  },
};

/** Stacked on a phone. */
export const OnPhone: Story = {
  globals: { viewport: { value: 'mobile375' } },
  parameters: { visual: { widths: [375] } },
  play: async ({ canvas }) => {
    const [a, b] = canvas.getAllByRole('listitem');
    await expect(b!.getBoundingClientRect().top).toBeGreaterThan(a!.getBoundingClientRect().bottom);
  },
};
