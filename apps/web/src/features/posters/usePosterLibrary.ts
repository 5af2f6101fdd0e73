import { useCallback, useEffect, useState } from 'react';
import { usePremium } from '@pentland/auth-machine/react';
import { loadSupabase } from '../../lib/supabase.ts';
import {
  createPoster,
  deletePoster,
  duplicatePoster,
  listPosters,
  listTemplates,
  type PosterRow,
  type TemplateRow,
} from './data.ts';

/**
 * The user's posters and the templates to start one from; creating, duplicating (both open the new poster) and
 * deleting, one at a time (`busy` names the action under way).
 */
export function usePosterLibrary(onOpen: (id: string) => void) {
  const premium = usePremium();
  const [posters, setPosters] = useState<PosterRow[] | null>(null);
  const [templates, setTemplates] = useState<TemplateRow[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const refresh = useCallback(() => {
    loadSupabase()
      .then(listPosters)
      .then(setPosters)
      .catch((e: Error) => setError(e.message));
  }, []);
  useEffect(() => {
    refresh();
    loadSupabase()
      .then(listTemplates)
      .then(setTemplates)
      .catch((e: Error) => setError(e.message));
  }, [refresh]);

  const act = async (key: string, job: () => Promise<void>) => {
    setBusy(key);
    setError(null);
    try {
      await job();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(null);
    }
  };

  return {
    posters,
    templates,
    hasPremium: premium.hasPremium,
    error,
    busy,
    duplicate: (p: PosterRow) =>
      void act(`dup:${p.id}`, async () => onOpen(await duplicatePoster(await loadSupabase(), p))),
    remove: (p: PosterRow) =>
      void act(`del:${p.id}`, async () => {
        await deletePoster(await loadSupabase(), p.id);
        refresh();
      }),
    create: (templateId: string | null) =>
      void act(templateId ? `tpl:${templateId}` : 'blank', async () =>
        onOpen(await createPoster(await loadSupabase(), templateId)),
      ),
  };
}
