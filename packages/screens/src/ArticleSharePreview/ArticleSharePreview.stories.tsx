import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { articleShare } from '@pentland/articles';
import { ArticleSharePreview } from './ArticleSharePreview.tsx';

const cover = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900"><rect width="1200" height="900" fill="#1e5a8a"/><circle cx="600" cy="450" r="300" fill="#f2b33d"/><rect y="0" width="1200" height="60" fill="#c0392b"/><rect y="840" width="1200" height="60" fill="#c0392b"/></svg>',
)}`;

const share = (title: string, description: string, withCover = true) =>
  articleShare({
    title,
    path: '/articles/cloud-backups',
    description,
    cover: withCover ? { url: cover, alt: 'A sun over the sea' } : null,
  });

/** The article editor's settings panel: the article as a Google result and as Facebook, LinkedIn and X cards. */
const meta = {
  title: 'Articles/ArticleSharePreview',
  component: ArticleSharePreview,
  decorators: [
    (Story) => (
      <div style={{ maxWidth: '22rem' }}>
        <Story />
      </div>
    ),
  ],
  args: {
    share: share('Cloud backups that restore', 'What to back up, where, and how often: a plain guide.'),
  },
} satisfies Meta<typeof ArticleSharePreview>;
export default meta;
type Story = StoryObj<typeof meta>;

export const ShortTitle: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText('Cloud backups that restore | Pentland Cloud')).toBeVisible();
    await expect(canvas.getByText('https://pentlandcloud.co.uk/articles/cloud-backups')).toBeVisible();
    await expect(canvas.getByText('Title: 43 of 60 characters')).toBeVisible();
    await expect(canvasElement.querySelectorAll('[data-over]')).toHaveLength(0);
    // The cover is cropped as the large card crops it: 1.91 : 1.
    const img = canvasElement.querySelector<HTMLImageElement>('[data-preview="facebook"] img')!;
    const box = img.getBoundingClientRect();
    await expect(Math.abs(box.width / box.height - 1.91)).toBeLessThan(0.02);
  },
};

export const LongTitle: Story = {
  args: {
    share: share(
      'Cloud backups for every Highland business: what to back up, where to keep it and how often to test',
      'A plain guide for small firms in Caithness and Sutherland: which files and systems to back up, where the copies should live, how often to test a restore, and what it costs each month with Pentland Cloud.',
    ),
  },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText('Title: 115 of 60 characters — 55 too many: Google cuts it')).toBeVisible();
    await expect(canvas.getByText(/^Description: 203 of 155 characters — 48 too many/)).toBeVisible();
    await expect(canvasElement.querySelectorAll('[data-over]').length).toBeGreaterThanOrEqual(7);
    const title = canvasElement.querySelector('[data-share="title"]')!;
    await expect(title.textContent!.length).toBeLessThanOrEqual(60);
    await expect(title.textContent).toMatch(/…$/);
  },
};

export const NoCover: Story = {
  args: { share: share('Cloud backups that restore', 'What to back up, where, and how often.', false) },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText("No cover image: the cards show the site's own picture.")).toBeVisible();
    const img = canvasElement.querySelector<HTMLImageElement>('[data-preview="x"] img')!;
    await expect(img.getAttribute('src')).toMatch(/\/images\/.+\.png$/);
  },
};

export const NoExcerpt: Story = {
  args: { share: share('Cloud backups that restore', '') },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText('No description yet: Google shows a passage of the page instead.'),
    ).toBeVisible();
    await expect(canvas.getAllByText('Description: 0 of 155 characters')).toHaveLength(1);
  },
};
