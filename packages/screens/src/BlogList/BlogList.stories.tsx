import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { blogPageCount, type BlogCard, type BlogPage } from '@pentland/articles';
import { BlogList, BlogPageNotFound } from './BlogList.tsx';

const cover = (fill: string) =>
  `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" width="400" height="225"><rect width="400" height="225" fill="${fill}"/><path d="M0 170 Q100 130 200 160 T400 150 V225 H0Z" fill="#0f3554"/></svg>`)}`;

const topics = [
  ['Moving a Caithness business to the cloud', ['cloud', 'migration']],
  ['Dynamics 365 for growing teams', ['dynamics-365']],
  ['Backups that actually restore', ['cloud', 'security']],
  ['Phishing drills for a ten-person office', ['security']],
] as const;

const card = (i: number): BlogCard => {
  const [title, tags] = topics[i % topics.length]!;
  const day = 28 - (i % 27);
  return {
    id: `article-${i + 1}`,
    title: i < topics.length ? title : `${title} (part ${Math.floor(i / topics.length) + 1})`,
    path: `/articles/article-${i + 1}`,
    excerpt: 'What a small Highland firm gains, and what to plan for, when its servers move to the cloud.',
    author: i % 3 === 2 ? null : 'Demo Admin',
    publishedAt: `2026-11-${String(day).padStart(2, '0')}T10:00:00Z`,
    dateLabel: `${day} November 2026`,
    readingTime: `${(i % 4) + 1} min read`,
    tags: [...tags],
    cover: i % 4 === 3 ? null : { url: cover(['#1e5a8a', '#2f7d5b', '#8a5a1e'][i % 3]!), alt: '' },
  };
};

const blog = (total: number, page = 1, tag: string | null = null): BlogPage => {
  const first = (page - 1) * 12;
  const count = Math.max(0, Math.min(12, total - first));
  return {
    query: { tag, page },
    cards: Array.from({ length: count }, (_, i) => card(first + i)),
    total,
    pageCount: blogPageCount(total),
  };
};

/** /articles: the blog index as the server renders it, before any script. */
const meta = {
  title: 'Articles/BlogList',
  component: BlogList,
  parameters: { layout: 'fullscreen' },
  args: { blog: blog(5) },
} satisfies Meta<typeof BlogList>;
export default meta;
type Story = StoryObj<typeof meta>;

export const OnePage: Story = {
  play: async ({ canvas }) => {
    const list = canvas.getByRole('list', { name: 'Articles' });
    await expect(list.children).toHaveLength(5);
    await expect(
      canvas.getByRole('link', { name: 'Moving a Caithness business to the cloud' }),
    ).toHaveAttribute('href', '/articles/article-1');
    await expect(canvas.getAllByRole('link', { name: 'cloud' })[0]).toHaveAttribute(
      'href',
      '/articles?tag=cloud',
    );
    await expect(canvas.getByText('1–5 of 5 articles')).toBeVisible();
    await expect(canvas.queryByRole('navigation', { name: 'Pages of articles' })).toBeNull();
    // The first card's cover is on a phone's first screen, the largest thing painted: fetched at once and first; the
    // others wait until they come near the viewport.
    const [first, ...rest] = [...list.querySelectorAll('img')];
    await expect(first).toHaveAttribute('fetchpriority', 'high');
    await expect(first).not.toHaveAttribute('loading');
    await expect(rest).toHaveLength(3);
    for (const img of rest) {
      await expect(img).toHaveAttribute('loading', 'lazy');
      await expect(img).not.toHaveAttribute('fetchpriority');
    }
  },
};

export const Empty: Story = {
  args: { blog: blog(0) },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Articles' })).toBeVisible();
    await expect(canvas.getByText(/Our first articles on cloud/)).toBeVisible();
    await expect(canvas.queryByRole('navigation', { name: 'Pages of articles' })).toBeNull();
  },
};

export const ManyPages: Story = {
  args: { blog: blog(30, 2) },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('list', { name: 'Articles' }).children).toHaveLength(12);
    const pages = canvas.getByRole('navigation', { name: 'Pages of articles' });
    await expect(pages).toBeVisible();
    await expect(canvas.getByText('13–24 of 30 articles')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/articles');
    await expect(canvas.getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/articles?page=3');
    await expect(canvas.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  },
};

export const Tagged: Story = {
  args: { blog: { ...blog(2, 1, 'security') } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Articles tagged “security”' })).toBeVisible();
    await expect(canvas.getAllByRole('link', { name: 'All articles' })[0]).toHaveAttribute(
      'href',
      '/articles',
    );
  },
};

export const TagWithoutArticles: Story = {
  args: { blog: blog(0, 1, '<b>unknown</b>') },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No published article has the tag “<b>unknown</b>” yet.')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'All articles' })).toBeVisible();
  },
};

export const PageNotFound: Story = {
  render: () => <BlogPageNotFound />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'All articles' })).toHaveAttribute('href', '/articles');
  },
};
