import { useMemo } from 'react';
import { articleShareOf, excerptFrom } from '@pentland/articles';
import { ArticleSharePreview } from '@pentland/screens';
import { Button, ImageUpload, Inline, TextField, Textarea } from '@pentland/ui';
import { RichTextEditor } from '@pentland/ui/editor';
import { browserSanitizer } from '../browserSanitizer.ts';
import { imageAccept, imageHint, rowOf } from './draft.ts';
import * as css from './editor.css.ts';
import type { ArticleEditor } from './useArticleEditor.ts';

/**
 * The article's fields: the title and the text with inline images; beside them (below on a narrow screen) its
 * settings — slug, cover, excerpt, tags, SEO description, schedule — and how the article will look in search results
 * and link cards (what its served page's head tags will say).
 */
export function ArticleFields({ editor }: { editor: ArticleEditor }) {
  const { draft, errors, set, article, cover, busy, valid } = editor;
  const share = useMemo(() => {
    const row = rowOf(draft);
    return articleShareOf(
      { ...row, title: row.title || 'Untitled article', slug: row.slug || article?.id || 'new-article' },
      browserSanitizer(),
    );
  }, [draft, article?.id]);
  return (
    <div className={css.layout}>
      <div className={css.column}>
        <TextField
          label="Title"
          required
          maxLength={300}
          value={draft.title}
          error={errors.title}
          onChange={(e) => set('title', e.target.value)}
        />
        <RichTextEditor
          key={editor.editorKey}
          label="Article text"
          content={draft.content}
          onChange={(html) => set('content', html)}
          images={editor.inlineImages}
          onImageDiscarded={editor.discardImage}
        />
      </div>
      <aside className={css.settings} aria-labelledby="article-settings">
        <h2 id="article-settings" className={css.settingsHeading}>
          Settings
        </h2>
        <TextField
          label="Slug"
          hint={`The article's address: /articles/${draft.slug || '…'}`}
          value={draft.slug}
          error={editor.slugError ?? errors.slug}
          onChange={(e) => editor.setSlug(e.target.value)}
        />
        <ImageUpload
          label="Cover image"
          hint={imageHint}
          accept={imageAccept}
          state={cover.state}
          onFile={(f) => void cover.select(f)}
          current={draft.cover_image_url ? { url: draft.cover_image_url, alt: draft.cover_image_alt } : null}
          onRemove={editor.removeCover}
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
              value={editor.scheduleAt}
              onChange={(e) => editor.setScheduleAt(e.target.value)}
            />
            <Button
              variant="secondary"
              busy={busy}
              onClick={() => void editor.act('schedule')}
              disabled={!valid}
            >
              Schedule
            </Button>
          </Inline>
        )}
        <ArticleSharePreview share={share} />
      </aside>
    </div>
  );
}
