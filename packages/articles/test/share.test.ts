import { describe, expect, it } from 'vitest';
import {
  articleDescription,
  articleHead,
  articleShare,
  articleShareOf,
  shareLimits,
  toPublicArticle,
  truncateFor,
  type ArticleWithAuthor,
} from '../src/index.ts';
import { serverSanitizer } from '../src/server.ts';

const row: ArticleWithAuthor = {
  id: '00000000-0000-4000-8000-000000000001',
  author_id: '00000000-0000-4000-8000-000000000002',
  title: 'Cloud backups for Highland businesses',
  slug: 'cloud-backups',
  excerpt: 'What to back up, where, and how often.',
  content: '<p>Backups matter. <script>alert(1)</script>Every night.</p>',
  cover_image_url: 'http://127.0.0.1:54321/storage/v1/object/public/article-images/1-abc.png',
  cover_image_alt: 'A server rack',
  tags: ['backup'],
  seo_description: null,
  status: 'published',
  published_at: '2026-11-20T10:00:00.000Z',
  created_at: '2026-11-19T10:00:00.000Z',
  updated_at: '2026-11-21T10:00:00.000Z',
  version: 3,
  author: { full_name: 'Fiona Sinclair' },
};

const metaOf = (head: ReturnType<typeof articleHead>, key: string) =>
  head.meta.find((m) => (m.name ?? m.property) === key)?.content;

describe('articleShare', () => {
  it('is what the served head says: <title>, description, og:* and twitter:*', () => {
    const article = toPublicArticle(row, serverSanitizer());
    const share = articleShare(article);
    const head = articleHead(article);
    expect(share.documentTitle).toBe('Cloud backups for Highland businesses | Pentland Cloud');
    expect(head.title).toBe(share.documentTitle);
    expect(metaOf(head, 'description')).toBe(share.description);
    expect(share.description).toBe('What to back up, where, and how often.');
    expect(metaOf(head, 'og:title')).toBe(share.title);
    expect(metaOf(head, 'twitter:title')).toBe(share.title);
    expect(metaOf(head, 'og:description')).toBe(share.description);
    expect(metaOf(head, 'twitter:description')).toBe(share.description);
    expect(metaOf(head, 'og:url')).toBe('https://pentlandcloud.co.uk/articles/cloud-backups');
    expect(head.canonical).toBe(share.url);
    expect(metaOf(head, 'og:image')).toBe(row.cover_image_url);
    expect(metaOf(head, 'twitter:image')).toBe(share.image);
    expect(metaOf(head, 'og:image:alt')).toBe('A server rack');
    expect(share.defaultImage).toBe(false);
  });

  it('prefers the SEO description, then the excerpt, then the start of the sanitised text', () => {
    expect(articleDescription({ seo_description: ' SEO ', excerpt: 'Ex' }, '<p>Text</p>')).toBe('SEO');
    expect(articleDescription({ seo_description: null, excerpt: 'Ex' }, '<p>Text</p>')).toBe('Ex');
    expect(articleDescription({ seo_description: '', excerpt: '  ' }, '<p>Text here</p>')).toBe('Text here');
    const article = toPublicArticle({ ...row, excerpt: null }, serverSanitizer());
    expect(articleShare(article).description).toBe('Backups matter. Every night.');
  });

  it('reads the same from the fields as they stand in the editor as from the served article', () => {
    const sanitize = serverSanitizer();
    expect(articleShareOf(row, sanitize)).toEqual(articleShare(toPublicArticle(row, sanitize)));
    const plain = { ...row, excerpt: null, content: 'First paragraph.\n\nSecond one.' };
    expect(articleShareOf(plain, sanitize).description).toBe('First paragraph. Second one.');
  });

  it('stands the site card in for a missing cover', () => {
    const share = articleShare({ title: 'T', path: '/articles/t', description: 'D', cover: null });
    expect(share.defaultImage).toBe(true);
    expect(share.image).toMatch(/^https:\/\/pentlandcloud\.co\.uk\/images\/.+\.png$/);
    expect(share.imageAlt).toBeNull();
  });

  it('measures each title and description against where each surface cuts it', () => {
    const title = 'A'.repeat(50);
    const share = articleShare({ title, path: '/articles/a', description: 'd'.repeat(156), cover: null });
    const length = (surface: string, field: string) =>
      share.lengths.find((l) => l.surface === surface && l.field === field);
    // The search result shows the <title>: the title and ' | Pentland Cloud' (67 characters).
    expect(length('search', 'title')).toEqual({
      surface: 'search',
      field: 'title',
      length: 67,
      limit: shareLimits.search.title,
      over: true,
    });
    expect(length('facebook', 'title')).toMatchObject({ length: 50, over: false });
    expect(length('search', 'description')).toMatchObject({ length: 156, limit: 155, over: true });
    expect(length('x', 'description')).toMatchObject({ length: 156, limit: 200, over: false });
    expect(share.lengths).toHaveLength(8);
    const short = articleShare({ title: 'Short', path: '/articles/s', description: 'Short.', cover: null });
    expect(short.lengths.every((l) => !l.over)).toBe(true);
  });
});

describe('truncateFor', () => {
  it('leaves a text within the limit alone and cuts a longer one at a word, with an ellipsis', () => {
    expect(truncateFor('Short title', 60)).toBe('Short title');
    const cut = truncateFor('Backups for every business in Caithness and Sutherland, tested monthly', 40);
    expect(cut).toBe('Backups for every business in Caithness…');
    expect(cut.length).toBeLessThanOrEqual(40);
    expect(truncateFor('x'.repeat(100), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});
