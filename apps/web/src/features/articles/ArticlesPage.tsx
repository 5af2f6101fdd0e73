import { BlogList, BlogPageNotFound } from '@pentland/screens';
import { NotFound, PageSpinner } from '@pentland/ui';
import { useBlogPage } from './useBlogPage.ts';

/**
 * /articles: every published article, newest first, 12 a page, optionally with one tag. The server renders it with
 * its data on request; a navigation within the app reads it here.
 */
export default function ArticlesPage() {
  const state = useBlogPage();
  if (state.kind === 'loading')
    return (
      <div data-needs-app="">
        <PageSpinner label="Loading the articles..." />
      </div>
    );
  if (state.kind === 'missing') return <BlogPageNotFound />;
  if (state.kind === 'error')
    return (
      <NotFound
        title="The articles could not be loaded"
        message="Check your connection and reload the page."
      />
    );
  return <BlogList blog={state.blog} />;
}
