import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ArticleNeighbours } from './ArticleNeighbours.tsx';

const link = (title: string, id: string) => ({ title, path: `/articles/${id}` });

/** Below an article page: the previous and next articles by publish date and the related articles by shared tag. */
const meta = {
  title: 'Articles/ArticleNeighbours',
  component: ArticleNeighbours,
  args: {
    previous: link('Cloud backups that restore: what to back up, where, and how often', 'a1'),
    next: link('Phishing drills for a ten-person office', 'a3'),
    related: [
      link('Moving a Caithness practice to Microsoft 365', 'a4'),
      link('Dynamics 365 for a small distillery', 'a5'),
    ],
  },
} satisfies Meta<typeof ArticleNeighbours>;
export default meta;
type Story = StoryObj<typeof meta>;

export const PreviousNextAndRelated: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Previous article')).toBeVisible();
    await expect(canvas.getByRole('link', { name: /Phishing drills/ })).toHaveAttribute(
      'href',
      '/articles/a3',
    );
    await expect(canvas.getByRole('heading', { name: 'Related articles' })).toBeVisible();
    const related = within(canvas.getByRole('list', { name: 'Related articles' }));
    await expect(related.getAllByRole('listitem')).toHaveLength(2);
  },
};

/** The newest article: no next one, and no article shares its tags. */
export const OnlyPrevious: Story = {
  args: { next: null, related: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Previous article')).toBeVisible();
    await expect(canvas.queryByText('Next article')).toBeNull();
    await expect(canvas.queryByRole('heading', { name: 'Related articles' })).toBeNull();
  },
};

/**
 * The oldest article: only a next one. It sits on the right, where "next" reads (from tablets; stacked on phones),
 * not alone in the left column.
 */
export const OnlyNext: Story = {
  args: { previous: null, related: [] },
  play: async ({ canvas, canvasElement }) => {
    const card = canvas.getByText('Next article').closest('li')!;
    await expect(canvas.queryByText('Previous article')).toBeNull();
    const list = canvas.getByRole('list', { name: 'Previous and next articles' }).getBoundingClientRect();
    const box = card.getBoundingClientRect();
    if (canvasElement.ownerDocument.defaultView!.innerWidth >= 768)
      await expect(box.left - list.left).toBeGreaterThan(list.width / 3);
    else await expect(Math.round(box.width)).toBe(Math.round(list.width));
  },
};

/** The only published article: nothing is shown. */
export const Nothing: Story = {
  args: { previous: null, next: null, related: [] },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('nav')).toBeNull();
  },
};
