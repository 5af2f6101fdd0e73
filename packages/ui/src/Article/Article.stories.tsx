import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Container } from '../Container/Container.tsx';
import { ArticleView } from './ArticleView.tsx';
import { LatestArticles } from './LatestArticles.tsx';

const cover = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="675"><rect width="1200" height="675" fill="#1e5a8a"/><path d="M0 520 Q300 420 600 500 T1200 470 V675 H0Z" fill="#0f3554"/></svg>')}`;

const html =
  '<p>Start with an inventory of what runs where, then move the simplest workloads first.</p>' +
  '<h2>Plan the move</h2><ul><li>List every server and who depends on it.</li><li>Keep backups in two regions.</li></ul>' +
  '<blockquote><p>Rehearse a restore before the switch-over.</p></blockquote>' +
  `<figure><img src="${cover}" alt="The Pentland Firth at dusk" width="1200" height="675" loading="lazy"><figcaption>Caithness coast</figcaption></figure>` +
  '<pre><code>az migrate --plan</code></pre>';

/** The public article page's body and the 'Latest articles' band of the home and services pages. */
const meta = {
  title: 'Articles/Article',
  component: ArticleView,
  parameters: { layout: 'padded' },
  args: {
    title: 'Moving a Caithness business to the cloud',
    html,
    author: 'Demo Admin',
    publishedAt: '2026-11-09T10:00:00Z',
    dateLabel: '9 November 2026',
    readingTime: '1 min read',
    tags: ['cloud', 'migration'],
    cover: { url: cover, alt: 'A stylised Highland coast' },
  },
  render: (args) => (
    <Container width="medium">
      <ArticleView {...args} />
    </Container>
  ),
} satisfies Meta<typeof ArticleView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Published: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Moving a Caithness business to the cloud',
    );
    await expect(canvas.getByText('By Demo Admin')).toBeVisible();
    await expect(canvas.getByRole('list', { name: 'Tags' })).toHaveTextContent('cloud');
    const inline = canvas.getByRole('img', { name: 'The Pentland Firth at dusk' });
    await expect(inline).toHaveAttribute('width', '1200');
    await expect(inline).toHaveAttribute('loading', 'lazy');
  },
};

export const WithoutCoverOrTags: Story = {
  args: { cover: null, tags: [], author: null },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('list', { name: 'Tags' })).toBeNull();
    await expect(canvas.queryByText(/^By /)).toBeNull();
  },
};

const cards = [1, 2, 3].map((i) => ({
  id: String(i),
  title: [
    'Moving a Caithness business to the cloud',
    'Dynamics 365 for growing teams',
    'Hosting checks for small sites',
  ][i - 1]!,
  to: `/articles/article-${i}`,
  excerpt: 'What a small Highland firm gains, and what to plan for.',
  publishedAt: '2026-11-09T10:00:00Z',
  dateLabel: '9 November 2026',
  cover: { url: cover, alt: '' },
}));

export const LatestArticlesLoaded: Story = {
  render: () => <LatestArticles articles={cards} intro="News and guides from our engineers." />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('region', { name: 'Latest articles' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Dynamics 365 for growing teams' })).toHaveAttribute(
      'href',
      '/articles/article-2',
    );
  },
};

export const LatestArticlesEmpty: Story = {
  render: () => <LatestArticles articles={[]} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No articles yet. Check back soon.')).toBeVisible();
  },
};
