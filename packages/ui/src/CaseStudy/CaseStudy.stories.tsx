import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Link } from '../Link/Link';
import { CaseStudyCard } from './CaseStudy';

const meta = {
  title: 'Components/CaseStudyCard',
  component: CaseStudyCard,
  parameters: { layout: 'padded' },
  args: {
    title: 'Direct bookings for a coastal hotel',
    client: 'A family-run hotel on the North Coast 500',
    parts: [
      { label: 'The problem', text: 'Most bookings came through agents charging up to 18% commission.' },
      { label: 'What we did', text: 'A new prerendered website with an integrated booking engine.' },
      { label: 'The result', text: 'Direct bookings rose from 22% to 41% of rooms in the first season.' },
    ],
  },
} satisfies Meta<typeof CaseStudyCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Problem, solution and result as a description list in an article. */
export const ProblemSolutionResult: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('article')).toBeVisible();
    await expect(
      canvas.getByRole('heading', { level: 3, name: 'Direct bookings for a coastal hotel' }),
    ).toBeVisible();
    const terms = Array.from(canvasElement.querySelectorAll('dt')).map((dt) => dt.textContent);
    await expect(terms).toEqual(['The problem', 'What we did', 'The result']);
  },
};

/** With the services involved under the story. */
export const WithFooter: Story = {
  args: { footer: <Link to="/services/web-development">Web Development</Link> },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Web Development' })).toHaveAttribute(
      'href',
      '/services/web-development',
    );
  },
};
