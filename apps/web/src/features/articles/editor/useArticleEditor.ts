import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import {
  articleImageUrls,
  articleState,
  createArticle,
  loadArticle,
  mergeArticleVersions,
  maxImageSide,
  publishArticle,
  removeArticleImage,
  restoreRevision,
  revisionDiff,
  scheduleArticle,
  slugify,
  unpublishArticle,
  updateArticle,
  validateArticle,
  ArticleError,
  type Article,
  type ArticleRevision,
} from '@pentland/articles';
import { clearLocalDraft, readLocalDraft, useAutosave, useImageUpload } from '@pentland/ui';
import type { ConflictComparison } from '@pentland/screens';
import { useSupabase } from '../../../lib/supabase.ts';
import { uploadImage } from '../data.ts';
import {
  checkImage,
  draftOf,
  draftStorageKey,
  emptyDraft,
  imageAccept,
  keepDraftBase,
  readDraftBase,
  imageHint,
  localInputValue,
  rowOf,
  unreadableImage,
  type Draft,
} from './draft.ts';

export type Load =
  | { kind: 'loading' }
  | { kind: 'missing' }
  | { kind: 'unreachable'; message: string; localDraft: boolean }
  | { kind: 'ready' };

export type Notice = { tone: 'success' | 'error' | 'info'; text: string };

const stillConnecting = () => new ArticleError('network', 'Still connecting…');

/** An article that could not be read again while a conflict was being resolved. */
const notReadable = (found: { kind: 'missing' } | { kind: 'unreachable'; message: string }) =>
  found.kind === 'missing'
    ? new ArticleError('not-found', 'This article was not found, or it is not yours any more.')
    : new ArticleError('network', found.message);

/**
 * The article editor's state: the article (/article-editor/{id}) loaded — with this browser's unsaved changes
 * restored — or a new one created by the first save; the draft saved automatically (kept locally until the server
 * has it); images uploaded, and those no longer in the article removed; publish, unpublish and schedule.
 * No silent overwrite: every save names the version the editor's text is based on (the one loaded, then each
 * saved row's); when the article was saved elsewhere in between the save is refused (`conflict`), autosave waits,
 * the two versions are compared, and the author keeps theirs (saved over the current version), takes the other
 * (theirs discarded) or, when the two changed different parts, merges them.
 */
export function useArticleEditor() {
  const { id: routeId } = useParams();
  const client = useSupabase();
  const [load, setLoad] = useState<Load>(routeId ? { kind: 'loading' } : { kind: 'ready' });
  const [article, setArticle] = useState<Article | null>(null);
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [editorKey, setEditorKey] = useState(0);
  const [slugTouched, setSlugTouched] = useState(Boolean(routeId));
  const [slugError, setSlugError] = useState<string>();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [preview, setPreview] = useState(false);
  const [history, setHistory] = useState(false);
  const [scheduleAt, setScheduleAt] = useState(() => localInputValue(new Date(Date.now() + 60 * 60_000)));
  const [busy, setBusy] = useState(false);
  const savedImages = useRef<string[]>([]);
  /** The version of the article the text in the editor is based on (sent with every save). */
  const baseVersion = useRef<number | null>(null);
  /** A save was refused: the article was saved elsewhere since baseVersion. */
  const [conflict, setConflict] = useState(false);
  /**
   * While a conflict stands: the version saved elsewhere, read to be shown beside the author's, and the version the
   * author's text is based on (to merge the two against), when this editor still has it.
   */
  const [other, setOther] = useState<
    | { kind: 'loading' }
    | { kind: 'ready'; article: Article; base: Article | null }
    | { kind: 'failed'; message: string }
  >({ kind: 'loading' });
  const storageKey = draftStorageKey(article?.id ?? routeId ?? 'new');

  const errors = useMemo(
    () => (draft.title || article ? validateArticle(rowOf(draft)) : {}),
    [draft, article],
  );
  const valid = Object.keys(errors).length === 0 && draft.title.trim() !== '';

  /** The article as saved or loaded: shown, and the base of the next save. */
  const took = useCallback((row: Article) => {
    baseVersion.current = row.version;
    keepDraftBase(row.id, row.version);
    setArticle(row);
  }, []);

  /** A save based on a stale version was refused: autosave waits, and the version saved elsewhere is read. */
  const refused = useCallback(
    (current: Article) => {
      setConflict(true);
      setOther({ kind: 'loading' });
      if (!client) return;
      // Changes restored after a reload are based on an older version than the one loaded: no base to merge on.
      const base = current.version === baseVersion.current ? current : null;
      void loadArticle(client, current.id).then((found) =>
        setOther(
          found.kind === 'found'
            ? { kind: 'ready', article: found.article, base }
            : {
                kind: 'failed',
                message: `Could not read the other version to compare. ${notReadable(found).message}`,
              },
        ),
      );
    },
    [client],
  );

  const save = useCallback(
    async (value: Draft) => {
      if (!client) throw stillConnecting();
      const row = rowOf(value);
      try {
        let saved: Article;
        if (!article) {
          saved = await createArticle(client, row);
          window.history.replaceState(window.history.state, '', `/article-editor/${saved.id}`);
          setDraft((d) => (d.slug === saved.slug ? d : { ...d, slug: saved.slug }));
        } else
          saved = await updateArticle(client, article.id, {
            ...row,
            ...(baseVersion.current === null ? {} : { version: baseVersion.current }),
          });
        took(saved);
        setSlugError(undefined);
        const now = articleImageUrls(saved);
        for (const gone of savedImages.current.filter((u) => !now.includes(u)))
          void removeArticleImage(client, gone).catch(() => undefined);
        savedImages.current = now;
      } catch (err) {
        if (err instanceof ArticleError && err.code === 'duplicate-slug') setSlugError(err.message);
        if (err instanceof ArticleError && err.code === 'conflict' && article) refused(article);
        throw err;
      }
    },
    [client, article, took, refused],
  );

  const autosave = useAutosave({
    value: draft,
    save,
    storageKey,
    // A refused save waits for the author's choice: retrying it would be refused again.
    enabled: valid && load.kind === 'ready' && client !== null && !conflict,
  });

  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!client || !routeId) return;
    let active = true;
    void loadArticle(client, routeId).then((found) => {
      if (!active) return;
      if (found.kind === 'missing') return setLoad({ kind: 'missing' });
      if (found.kind === 'unreachable')
        return setLoad({
          kind: 'unreachable',
          message: found.message,
          localDraft: readLocalDraft<Draft>(draftStorageKey(routeId)) !== null,
        });
      const row = found.article;
      const server = draftOf(row);
      const local = readLocalDraft<Draft>(draftStorageKey(row.id));
      const localBase = readDraftBase(row.id);
      took(row);
      savedImages.current = articleImageUrls(row);
      autosave.markSaved(server);
      if (local && JSON.stringify(local) !== JSON.stringify(server)) {
        // The restored changes are based on the version this browser last had: saving them over a newer one
        // asks first.
        if (localBase !== null) {
          baseVersion.current = localBase;
          keepDraftBase(row.id, localBase);
        }
        setDraft(local);
        setNotice({
          tone: 'info',
          text: 'Restored changes from this browser that had not reached the server yet.',
        });
      } else setDraft(server);
      setEditorKey((k) => k + 1);
      setLoad({ kind: 'ready' });
    });
    return () => {
      active = false;
    };
    // markSaved is stable; loading runs once per article and again on "Try again" (attempt).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, routeId, attempt]);

  const cover = useImageUpload({
    maxSide: maxImageSide,
    check: checkImage,
    unreadable: unreadableImage,
    upload: async (file, onProgress) => {
      if (!client) throw stillConnecting();
      return { url: await uploadImage(client, file, onProgress) };
    },
    onUploaded: (img) => setDraft((d) => ({ ...d, cover_image_url: img.url })),
  });

  const inlineImages = useMemo(
    () => ({
      maxSide: maxImageSide,
      check: checkImage,
      unreadable: unreadableImage,
      accept: imageAccept,
      hint: imageHint,
      upload: async (file: File, onProgress: (f: number) => void) => {
        if (!client) throw stillConnecting();
        return { url: await uploadImage(client, file, onProgress) };
      },
    }),
    [client],
  );

  /** Changes one field; while the slug was not typed and the article is a draft, the title gives the slug. */
  const set = (field: keyof Draft, value: string) =>
    setDraft((d) => {
      const next = { ...d, [field]: value };
      if (field === 'title' && !slugTouched && (!article || articleState(article) === 'draft'))
        next.slug = slugify(value);
      return next;
    });

  const setSlug = (value: string) => {
    setSlugTouched(true);
    setSlugError(undefined);
    set('slug', value);
  };

  /** An image taken out of the text is removed from storage at once. */
  const discardImage = (url: string) => {
    if (client) void removeArticleImage(client, url).catch(() => undefined);
  };

  const removeCover = () => {
    cover.reset();
    set('cover_image_url', '');
  };

  const act = async (what: 'publish' | 'unpublish' | 'schedule') => {
    if (!client) return;
    setBusy(true);
    setNotice(null);
    try {
      await autosave.flush();
      const current = article;
      if (!current)
        throw new ArticleError('invalid', 'Give the article a title first, so that it can be saved.');
      if (conflict) return;
      const basedOn = baseVersion.current === null ? {} : { version: baseVersion.current };
      const result =
        what === 'publish'
          ? await publishArticle(client, current.id, basedOn)
          : what === 'unpublish'
            ? await unpublishArticle(client, current.id, basedOn)
            : await scheduleArticle(client, current.id, new Date(scheduleAt), basedOn);
      took(result);
      setNotice({
        tone: 'success',
        text:
          what === 'publish'
            ? 'Published. The article is public now.'
            : what === 'unpublish'
              ? 'Unpublished. The article is a draft again.'
              : `Scheduled for ${new Date(result.published_at!).toLocaleString('en-GB', { dateStyle: 'long', timeStyle: 'short' })}.`,
      });
    } catch (err) {
      if (err instanceof ArticleError && err.code === 'conflict' && article) refused(article);
      else setNotice({ tone: 'error', text: (err as Error).message });
    } finally {
      setBusy(false);
    }
  };

  /** The article as it is on the server now (a conflict's other version); a failure is thrown. */
  const serverArticle = async (): Promise<Article> => {
    if (!client || !article) throw stillConnecting();
    const found = await loadArticle(client, article.id);
    if (found.kind !== 'found') throw notReadable(found);
    return found.article;
  };

  /** Conflict: the author's text saved over the version saved elsewhere (refused again if it changes meanwhile). */
  const keepMine = async () => {
    const server = await serverArticle();
    baseVersion.current = server.version;
    await save(draft);
    autosave.markSaved(draft);
    setConflict(false);
    setNotice({ tone: 'success', text: 'Your version was saved over the one saved elsewhere.' });
  };

  /**
   * Conflict: the other version's changes and the author's saved together (merged against the version the author's
   * text is based on); refused when the other version has meanwhile changed the same part.
   */
  const mergeBoth = async () => {
    const server = await serverArticle();
    const base = other.kind === 'ready' ? other.base : null;
    const merged = base && mergeArticleVersions(base, rowOf(draft), server);
    if (!merged) {
      if (article) refused(article);
      throw new ArticleError(
        'conflict',
        'The other version has changed again and can no longer be merged with yours. Keep one of them.',
      );
    }
    const next = draftOf({ ...server, ...merged });
    baseVersion.current = server.version;
    await save(next);
    autosave.markSaved(next);
    setDraft(next);
    setEditorKey((k) => k + 1);
    setConflict(false);
    setNotice({ tone: 'success', text: 'Merged: the other version’s changes and yours are saved together.' });
  };

  /** Conflict: the version saved elsewhere loaded into the editor; the author's changes discarded, as chosen. */
  const takeTheirs = async () => {
    if (!client) throw stillConnecting();
    const server = await serverArticle();
    const theirs = draftOf(server);
    const kept = articleImageUrls(server);
    // Images only the discarded text used are no one's now.
    for (const gone of articleImageUrls(rowOf(draft)).filter((u) => !kept.includes(u)))
      void removeArticleImage(client, gone).catch(() => undefined);
    took(server);
    savedImages.current = kept;
    autosave.markSaved(theirs);
    clearLocalDraft(storageKey);
    setDraft(theirs);
    setSlugError(undefined);
    setEditorKey((k) => k + 1);
    setConflict(false);
    setNotice({ tone: 'info', text: 'Loaded the version saved elsewhere; your changes were discarded.' });
  };

  /**
   * A revision's content put back (a new revision, based on the version in the editor): the editor shows it. Images
   * only the text before the restore used are kept (an older revision may still name them).
   */
  const restore = async (revision: ArticleRevision, number: number) => {
    if (!client || !article) throw stillConnecting();
    await autosave.flush();
    if (conflict) throw new ArticleError('conflict', 'Choose which version to keep first.');
    try {
      const row = await restoreRevision(client, revision.id, {
        ...(baseVersion.current === null ? {} : { version: baseVersion.current }),
      });
      const restored = draftOf(row);
      took(row);
      savedImages.current = articleImageUrls(row);
      autosave.markSaved(restored);
      clearLocalDraft(storageKey);
      setDraft(restored);
      setSlugError(undefined);
      setEditorKey((k) => k + 1);
      setHistoryVersion((v) => v + 1);
      setNotice({ tone: 'success', text: `Restored revision ${number}. The restore is a new revision.` });
    } catch (err) {
      if (err instanceof ArticleError && err.code === 'conflict') refused(article);
      throw err;
    }
  };
  /** The conflict's two versions compared: what only the other has is removed, what only the author's has added. */
  const comparison = useMemo<ConflictComparison>(() => {
    if (other.kind !== 'ready') return other;
    const mine = rowOf(draft);
    return {
      kind: 'ready',
      fields: revisionDiff(other.article, mine),
      mergeable: other.base !== null && mergeArticleVersions(other.base, mine, other.article) !== null,
    };
  }, [other, draft]);

  /** Bumped on every save that reaches the server, so an open history reloads. */
  const [historyVersion, setHistoryVersion] = useState(0);
  useEffect(() => {
    if (article) setHistoryVersion((v) => v + 1);
  }, [article]);

  const retry = () => {
    setLoad({ kind: 'loading' });
    setAttempt((n) => n + 1);
  };

  return {
    /** The route names an article but the client is not there yet: nothing to show but the spinner. */
    waiting: load.kind === 'loading' || (Boolean(routeId) && !client),
    load,
    retry,
    article,
    state: article ? articleState(article) : ('draft' as const),
    draft,
    errors,
    valid,
    set,
    setSlug,
    slugError,
    editorKey,
    inlineImages,
    discardImage,
    cover,
    removeCover,
    notice,
    preview,
    togglePreview: () => {
      setHistory(false);
      setPreview((p) => !p);
    },
    /** The revision history is shown instead of the fields. */
    history,
    toggleHistory: () => {
      setPreview(false);
      setHistory((h) => !h);
    },
    historyVersion,
    restore,
    scheduleAt,
    setScheduleAt,
    busy,
    act,
    autosave,
    /** A save was refused because the article changed elsewhere: autosave waits for keepMine, takeTheirs or mergeBoth. */
    conflict,
    comparison,
    keepMine,
    mergeBoth,
    takeTheirs,
  };
}

export type ArticleEditor = ReturnType<typeof useArticleEditor>;
