import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import {
  allowedImageTypes,
  articleImageUrls,
  articlePath,
  articleState,
  articleStateLabels,
  createArticle,
  excerptFrom,
  formatArticleDate,
  imageProblem,
  imageProblemMessage,
  loadArticle,
  maxImageSide,
  parseTags,
  publishArticle,
  readingTimeLabel,
  removeArticleImage,
  scheduleArticle,
  slugify,
  unpublishArticle,
  updateArticle,
  uploadArticleImageWithProgress,
  validateArticle,
  ArticleError,
  type Article,
} from '@pentland/articles';
import {
  Alert,
  ArticleView,
  Badge,
  Button,
  ButtonLink,
  Container,
  ImageUpload,
  Inline,
  PageHeader,
  PageSpinner,
  SaveStatus,
  Section,
  Stack,
  TextField,
  Textarea,
  readLocalDraft,
  useAutosave,
  useImageUpload,
} from '@pentland/ui';
import { RichTextEditor } from '@pentland/ui/editor';
import { browserSanitizer } from '../browserSanitizer.ts';
import { readBackendConfig } from '../../../config.ts';
import { useSupabase } from '../../../lib/supabase.ts';

interface Draft {
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  cover_image_url: string;
  cover_image_alt: string;
  tags: string;
  seo_description: string;
}

const empty: Draft = {
  title: '',
  slug: '',
  excerpt: '',
  content: '',
  cover_image_url: '',
  cover_image_alt: '',
  tags: '',
  seo_description: '',
};

const fromArticle = (a: Article): Draft => ({
  title: a.title,
  slug: a.slug,
  excerpt: a.excerpt ?? '',
  content: a.content,
  cover_image_url: a.cover_image_url ?? '',
  cover_image_alt: a.cover_image_alt ?? '',
  tags: a.tags.join(', '),
  seo_description: a.seo_description ?? '',
});

const toRow = (d: Draft) => ({
  title: d.title.trim(),
  slug: d.slug,
  excerpt: d.excerpt.trim() || null,
  content: d.content,
  cover_image_url: d.cover_image_url || null,
  cover_image_alt: d.cover_image_alt.trim() || null,
  tags: parseTags(d.tags),
  seo_description: d.seo_description.trim() || null,
});

const imageAccept = allowedImageTypes.join(',');
const imageHint = 'PNG, JPEG, GIF, WebP or AVIF, up to 5 MB. Large photos are scaled down to 2000 px.';
const checkImage = (f: { type: string; size: number; name: string }) => {
  const p = imageProblem(f);
  return p ? imageProblemMessage(p, `“${f.name}”`) : null;
};
const unreadableImage = () => imageProblemMessage('unreadable');

/** A local time for <input type="datetime-local"> a minute or more ahead. */
function localInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

type Load =
  | { kind: 'loading' }
  | { kind: 'missing' }
  | { kind: 'unreachable'; message: string; localDraft: boolean }
  | { kind: 'ready' };

/** The editor's page when there is no article to edit: why, and what the writer can do. */
function LoadProblem({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <>
      <PageHeader title="Edit Article" />
      <Section>
        <Stack gap="4">
          <h2>{heading}</h2>
          {children}
        </Stack>
      </Section>
    </>
  );
}

/** /article-editor and /article-editor/{id}: write, illustrate, save automatically, preview, publish or schedule. */
export default function ArticleEditorPage() {
  const { id: routeId } = useParams();
  const client = useSupabase();
  const [load, setLoad] = useState<Load>(routeId ? { kind: 'loading' } : { kind: 'ready' });
  const [article, setArticle] = useState<Article | null>(null);
  const [draft, setDraft] = useState<Draft>(empty);
  const [editorKey, setEditorKey] = useState(0);
  const [slugTouched, setSlugTouched] = useState(Boolean(routeId));
  const [slugError, setSlugError] = useState<string>();
  const [notice, setNotice] = useState<{ tone: 'success' | 'error' | 'info'; text: string } | null>(null);
  const [preview, setPreview] = useState(false);
  const [scheduleAt, setScheduleAt] = useState(() => localInputValue(new Date(Date.now() + 60 * 60_000)));
  const [busy, setBusy] = useState(false);
  const savedImages = useRef<string[]>([]);
  const storageKey = `article-draft:${article?.id ?? routeId ?? 'new'}`;

  const errors = useMemo(
    () => (draft.title || article ? validateArticle(toRow(draft)) : {}),
    [draft, article],
  );
  const valid = Object.keys(errors).length === 0 && draft.title.trim() !== '';

  const save = useCallback(
    async (value: Draft) => {
      if (!client) throw new ArticleError('network', 'Still connecting…');
      const row = toRow(value);
      try {
        let saved: Article;
        if (!article) {
          saved = await createArticle(client, row);
          window.history.replaceState(window.history.state, '', `/article-editor/${saved.id}`);
          setDraft((d) => (d.slug === saved.slug ? d : { ...d, slug: saved.slug }));
        } else saved = await updateArticle(client, article.id, row);
        setArticle(saved);
        setSlugError(undefined);
        const now = articleImageUrls(saved);
        for (const gone of savedImages.current.filter((u) => !now.includes(u)))
          void removeArticleImage(client, gone).catch(() => undefined);
        savedImages.current = now;
      } catch (err) {
        if (err instanceof ArticleError && err.code === 'duplicate-slug') setSlugError(err.message);
        throw err;
      }
    },
    [client, article],
  );

  const autosave = useAutosave({
    value: draft,
    save,
    storageKey,
    enabled: valid && load.kind === 'ready' && client !== null,
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
          localDraft: readLocalDraft<Draft>(`article-draft:${routeId}`) !== null,
        });
      const row = found.article;
      const server = fromArticle(row);
      const local = readLocalDraft<Draft>(`article-draft:${row.id}`);
      setArticle(row);
      savedImages.current = articleImageUrls(row);
      autosave.markSaved(server);
      if (local && JSON.stringify(local) !== JSON.stringify(server)) {
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
    // markSaved is stable; loading runs once per article and again on "Try again".
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, routeId, attempt]);

  const cover = useImageUpload({
    maxSide: maxImageSide,
    check: checkImage,
    unreadable: unreadableImage,
    upload: async (file, onProgress) => {
      if (!client) throw new ArticleError('network', 'Still connecting…');
      const { supabaseAnonKey } = readBackendConfig(import.meta.env);
      const img = await uploadArticleImageWithProgress(client, file, {
        anonKey: supabaseAnonKey,
        onProgress,
        prefix: undefined,
      });
      return { url: img.publicUrl };
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
        if (!client) throw new ArticleError('network', 'Still connecting…');
        const { supabaseAnonKey } = readBackendConfig(import.meta.env);
        const img = await uploadArticleImageWithProgress(client, file, {
          anonKey: supabaseAnonKey,
          onProgress,
        });
        return { url: img.publicUrl };
      },
    }),
    [client],
  );

  const set = (field: keyof Draft, value: string) =>
    setDraft((d) => {
      const next = { ...d, [field]: value };
      if (field === 'title' && !slugTouched && (!article || articleState(article) === 'draft'))
        next.slug = slugify(value);
      return next;
    });

  const act = async (what: 'publish' | 'unpublish' | 'schedule') => {
    if (!client) return;
    setBusy(true);
    setNotice(null);
    try {
      await autosave.flush();
      const current = article;
      if (!current)
        throw new ArticleError('invalid', 'Give the article a title first, so that it can be saved.');
      const result =
        what === 'publish'
          ? await publishArticle(client, current.id)
          : what === 'unpublish'
            ? await unpublishArticle(client, current.id)
            : await scheduleArticle(client, current.id, new Date(scheduleAt));
      setArticle(result);
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
      setNotice({ tone: 'error', text: (err as Error).message });
    } finally {
      setBusy(false);
    }
  };

  if (load.kind === 'loading' || (routeId && !client)) return <PageSpinner label="Loading the article..." />;
  if (load.kind === 'unreachable')
    return (
      <LoadProblem heading="The article could not be loaded">
        <Alert tone="error">{load.message}</Alert>
        <p>
          {load.localDraft
            ? 'Changes you made in this browser that had not reached the server are kept here and will be restored once the article loads.'
            : 'Nothing has been changed. Try again when the connection is back.'}
        </p>
        <Inline gap="3">
          <Button
            variant="primary"
            onClick={() => {
              setLoad({ kind: 'loading' });
              setAttempt((n) => n + 1);
            }}
          >
            Try again
          </Button>
          <ButtonLink to="/dashboard" variant="secondary">
            Back to Article Management
          </ButtonLink>
        </Inline>
      </LoadProblem>
    );
  if (load.kind === 'missing')
    return (
      <LoadProblem heading="Article not found or not yours">
        <p>
          There is no article at this address that you may edit. It may have been deleted, or it belongs to
          someone else.
        </p>
        <div>
          <ButtonLink to="/dashboard" variant="primary">
            Back to Article Management
          </ButtonLink>
        </div>
      </LoadProblem>
    );

  const state = article ? articleState(article) : 'draft';
  const html = preview ? browserSanitizer()(draft.content) : '';
  return (
    <>
      <PageHeader
        title={article ? 'Edit Article' : 'Create Article'}
        meta={
          <Inline gap="3">
            <Badge tone={state === 'published' ? 'positive' : state === 'scheduled' ? 'brand' : 'neutral'}>
              {articleStateLabels[state]}
            </Badge>
            {state === 'scheduled' && article?.published_at && (
              <span>
                Goes public{' '}
                {new Date(article.published_at).toLocaleString('en-GB', {
                  dateStyle: 'long',
                  timeStyle: 'short',
                })}
              </span>
            )}
            <SaveStatus
              status={autosave.status}
              error={autosave.error}
              onRetry={() => void autosave.flush()}
            />
          </Inline>
        }
        actions={
          <>
            <Button variant="secondary" onClick={() => setPreview((p) => !p)} aria-pressed={preview}>
              {preview ? 'Back to editing' : 'Preview'}
            </Button>
            {state !== 'published' && (
              <Button variant="accent" busy={busy} onClick={() => void act('publish')} disabled={!valid}>
                Publish now
              </Button>
            )}
            {state !== 'draft' && (
              <Button variant="secondary" busy={busy} onClick={() => void act('unpublish')}>
                Unpublish
              </Button>
            )}
            {state === 'published' && article && (
              <ButtonLink to={articlePath(article)} variant="ghost">
                View public page
              </ButtonLink>
            )}
          </>
        }
      />
      <Section>
        <Stack gap="5">
          {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
          {!valid && draft.title.trim() === '' && !article && (
            <Alert tone="info">Give the article a title: it saves automatically from then on.</Alert>
          )}
          {preview ? (
            <Container width="medium">
              <ArticleView
                eyebrow={<Badge tone="brand">Preview</Badge>}
                title={draft.title || 'Untitled article'}
                html={html}
                publishedAt={article?.published_at ?? new Date().toISOString()}
                dateLabel={formatArticleDate(article?.published_at ?? new Date().toISOString())}
                readingTime={readingTimeLabel(html)}
                tags={parseTags(draft.tags)}
                cover={
                  draft.cover_image_url ? { url: draft.cover_image_url, alt: draft.cover_image_alt } : null
                }
              />
            </Container>
          ) : (
            <>
              <TextField
                label="Title"
                required
                maxLength={300}
                value={draft.title}
                error={errors.title}
                onChange={(e) => set('title', e.target.value)}
              />
              <TextField
                label="Slug"
                hint={`The article's address: /articles/${draft.slug || '…'}`}
                value={draft.slug}
                error={slugError ?? errors.slug}
                onChange={(e) => {
                  setSlugTouched(true);
                  setSlugError(undefined);
                  set('slug', e.target.value);
                }}
              />
              <RichTextEditor
                key={editorKey}
                label="Article text"
                content={draft.content}
                onChange={(html) => set('content', html)}
                images={inlineImages}
                onImageDiscarded={(url) =>
                  client && void removeArticleImage(client, url).catch(() => undefined)
                }
              />
              <ImageUpload
                label="Cover image"
                hint={imageHint}
                accept={imageAccept}
                state={cover.state}
                onFile={(f) => void cover.select(f)}
                current={
                  draft.cover_image_url ? { url: draft.cover_image_url, alt: draft.cover_image_alt } : null
                }
                onRemove={() => {
                  cover.reset();
                  set('cover_image_url', '');
                }}
              />
              <TextField
                label="Cover image description (alt text)"
                maxLength={300}
                value={draft.cover_image_alt}
                error={errors.cover_image_alt}
                onChange={(e) => set('cover_image_alt', e.target.value)}
              />
              <Textarea
                label="Excerpt"
                hint={`Shown in article lists. Left empty, it is taken from the text: “${excerptFrom(draft.content, 120) || '…'}”`}
                maxLength={500}
                value={draft.excerpt}
                error={errors.excerpt}
                onChange={(e) => set('excerpt', e.target.value)}
              />
              <TextField
                label="Tags"
                hint="Separate tags with commas (up to 10)."
                value={draft.tags}
                error={errors.tags}
                onChange={(e) => set('tags', e.target.value)}
              />
              <Textarea
                label="SEO description"
                hint="What search engines and link previews show (up to 160 characters)."
                maxLength={160}
                rows={2}
                value={draft.seo_description}
                error={errors.seo_description}
                onChange={(e) => set('seo_description', e.target.value)}
              />
              {article && (
                <Inline gap="3" align="start">
                  <TextField
                    label="Publish at"
                    type={'datetime-local' as 'text'}
                    value={scheduleAt}
                    onChange={(e) => setScheduleAt(e.target.value)}
                  />
                  <Button
                    variant="secondary"
                    busy={busy}
                    onClick={() => void act('schedule')}
                    disabled={!valid}
                  >
                    Schedule
                  </Button>
                </Inline>
              )}
            </>
          )}
        </Stack>
      </Section>
    </>
  );
}
