import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Grid } from '../Grid/Grid.tsx';
import { SummaryCard } from './SummaryCard.tsx';

const meta = {
  title: 'Components/SummaryCard',
  component: SummaryCard,
  parameters: { layout: 'padded' },
  args: {
    title: 'Domain & Hosting',
    summary:
      'Domain registration, UK-hosted websites and business e-mail, looked after so you never have to think about it.',
    highlight: 'From £37.50 per month',
    link: { to: '/services/domain-hosting', label: 'Domain & Hosting: details and prices' },
  },
} satisfies Meta<typeof SummaryCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A service: title, summary, "from" price and a link that names where it leads. */
export const Service: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('article')).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 3, name: 'Domain & Hosting' })).toBeVisible();
    await expect(canvas.getByText('From £37.50 per month')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Domain & Hosting: details and prices' })).toHaveAttribute(
      'href',
      '/services/domain-hosting',
    );
  },
};

/** Without a link or highlight: a plain summary. */
export const SummaryOnly: Story = {
  args: { link: undefined, highlight: undefined, titleAs: 'h2' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 2 })).toBeVisible();
    await expect(canvas.queryByRole('link')).toBeNull();
  },
};

/** In a grid the links line up at the cards' feet, whatever the summary's length. */
export const InAGrid: Story = {
  render: (args) => (
    <Grid>
      <SummaryCard {...args} />
      <SummaryCard
        {...args}
        title="Support & Training"
        summary="Friendly IT support."
        highlight="From £45 per session"
        link={{ to: '/services/support-training', label: 'Support & Training: details and prices' }}
      />
    </Grid>
  ),
  play: async ({ canvas }) => {
    const [a, b] = canvas.getAllByRole('link');
    await expect(Math.round(a!.getBoundingClientRect().bottom)).toBe(
      Math.round(b!.getBoundingClientRect().bottom),
    );
  },
};
