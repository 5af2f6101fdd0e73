import {
  blogPageCount,
  isPastLastPage,
  publishedArticlesPage,
  toBlogCard,
  type BlogPage,
  type BlogQuery,
  type PublishedPage,
} from '@pentland/articles';
import type { SupabaseClient } from '@supabase/supabase-js';
import { readImageTransformations } from '../../config.ts';
import { servedData } from '../../lib/servedData.ts';

/** What a blog address shows: a page of articles, or nothing (no such page: 404 with a link back). */
export type BlogView = { kind: 'page'; blog: BlogPage } | { kind: 'missing' };

/** The blog page as read from the backend; a page past the last one is missing. */
export function toBlogView(query: BlogQuery, { rows, total }: PublishedPage): BlogView {
  if (isPastLastPage(query.page, total)) return { kind: 'missing' };
  const transformations = readImageTransformations(import.meta.env);
  return {
    kind: 'page',
    blog: {
      query,
      cards: rows.map((row) => toBlogCard(row, { transformations })),
      total,
      pageCount: blogPageCount(total),
    },
  };
}

/** Reads a blog page (the anon key: only published, due articles). */
export async function readBlogView(client: SupabaseClient, query: BlogQuery): Promise<BlogView> {
  return toBlogView(query, await publishedArticlesPage(client, query));
}

/** The blog page the server rendered, carried by the served page for hydrating it. */
export const servedBlog = servedData<BlogView>('blog-data');
