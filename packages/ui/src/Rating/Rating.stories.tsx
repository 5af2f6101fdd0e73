import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Section } from '../Container/Container.tsx';
import { RatingStars, RatingSummary } from './Rating.tsx';

const meta = {
  title: 'Components/Rating',
  component: RatingSummary,
  args: { value: 4.9, best: 5, count: 47, text: 'Rated 4.9 out of 5 from 47 client reviews' },
  render: (args) => (
    <Section>
      <RatingSummary {...args} />
    </Section>
  ),
} satisfies Meta<typeof RatingSummary>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The aggregate rating: 4.9, five stars, and what it is based on; screen readers hear one sentence. */
export const Summary: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: 'Rated 4.9 out of 5 from 47 reviews' })).toBeVisible();
    await expect(canvas.getByText('Rated 4.9 out of 5 from 47 client reviews')).toBeVisible();
    await expect(canvas.getByText('4.9')).toHaveAttribute('aria-hidden', 'true');
  },
};

/** On the dark band the caption turns light. */
export const OnDarkBand: Story = {
  render: (args) => (
    <Section tone="inverse">
      <RatingSummary {...args} />
    </Section>
  ),
  play: async ({ canvas }) => {
    await expect(getComputedStyle(canvas.getByText(/client reviews/)).color).toBe('rgb(203, 213, 225)');
  },
};

/** Three of five: two stars drawn empty. */
export const PartialStars: Story = {
  render: () => (
    <Section>
      <RatingStars value={3} />
    </Section>
  ),
  play: async ({ canvas }) => {
    const stars = canvas.getByRole('img', { name: 'Rated 3 out of 5' });
    await expect(stars.textContent).toBe('★★★☆☆');
  },
};
