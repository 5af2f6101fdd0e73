import { latestArticles } from '@pentland/articles';
import { loadSupabase } from '../../lib/supabase.ts';
import { toLatestCards, type LatestCards } from './latestCards.ts';

/**
 * The newest published articles as cards, read in the browser (with supabase-js) when the page was not served with
 * them: after a navigation within the app, or when the server could not reach the backend.
 */
export async function latestArticleCards(limit: number): Promise<LatestCards> {
  return toLatestCards(await latestArticles(await loadSupabase(), limit));
}
