import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Link } from '../Link/Link.tsx';
import { CaseStudyCard } from './CaseStudy.tsx';

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

/** The full proof: sector and town, measured results with numbers, and the client's words with who said them. */
export const WithResultsAndQuote: Story = {
  args: {
    meta: 'Tourism and hospitality · Durness',
    figures: [
      { value: '22% → 41%', label: 'rooms booked direct, first season' },
      { value: '1.8 s', label: 'page load on a 4G phone, from 6.5 s' },
      { value: '£14,200', label: 'agent commission saved in the first year' },
    ],
    quote: {
      text: 'The website paid for itself before the end of the first summer.',
      attribution: 'Alasdair R., Owner, a family-run hotel, Durness',
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Tourism and hospitality · Durness')).toBeVisible();
    const results = canvas.getByRole('list', { name: 'Measured results' });
    await expect(within(results).getAllByRole('listitem')).toHaveLength(3);
    await expect(within(results).getByText('22% → 41%')).toBeVisible();
    const quote = canvas.getByRole('figure');
    await expect(within(quote).getByText('Alasdair R., Owner, a family-run hotel, Durness')).toBeVisible();
  },
};
