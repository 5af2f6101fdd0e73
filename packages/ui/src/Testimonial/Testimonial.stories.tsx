import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Grid } from '../Grid/Grid.tsx';
import { TestimonialCard } from './Testimonial.tsx';

const meta = {
  title: 'Components/TestimonialCard',
  component: TestimonialCard,
  parameters: { layout: 'padded' },
  args: {
    quote:
      'They moved our whole office to the cloud over a weekend. On Monday everything just worked, and it still does.',
    name: 'Fiona M.',
    position: 'Operations manager, engineering contractor, Thurso',
    rating: 5,
  },
} satisfies Meta<typeof TestimonialCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The stars, the words in a blockquote, and who said them. */
export const WithRating: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('img', { name: 'Rated 5 out of 5' })).toBeVisible();
    await expect(canvasElement.querySelector('blockquote')).toHaveTextContent(/^They moved our whole office/);
    await expect(canvasElement.querySelector('figcaption cite')).toHaveTextContent('Fiona M.');
  },
};

export const WithoutRating: Story = {
  args: { rating: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('img')).toBeNull();
  },
};

/** In a grid, who said what sits at the foot of each card, whatever the quotation's length. */
export const InAGrid: Story = {
  render: (args) => (
    <Grid>
      <TestimonialCard {...args} />
      <TestimonialCard
        {...args}
        quote="Local, quick and genuinely helpful."
        name="Morag S."
        position="Practice manager, Wick"
      />
    </Grid>
  ),
  play: async ({ canvasElement }) => {
    const [a, b] = Array.from(canvasElement.querySelectorAll('figcaption'));
    await expect(Math.round(a!.getBoundingClientRect().bottom)).toBe(
      Math.round(b!.getBoundingClientRect().bottom),
    );
  },
};
