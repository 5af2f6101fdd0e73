import { useEffect, useState } from 'react';
import { revisionSummary, type ArticleRevision, type FieldDiff } from '@pentland/articles';
import { Alert, Button, Checkbox, ConfirmDialog, EmptyState, Spinner } from '@pentland/ui';
import * as css from './ArticleHistory.css.ts';
import { FieldDiffs } from './FieldDiffs.tsx';

export interface ArticleHistoryProps {
  /** Newest first; null while loading. */
  revisions: readonly ArticleRevision[] | null;
  /** Why the list could not be loaded. */
  error?: string;
  /** The changes from one revision to another (older first); a failure is shown. */
  loadDiff: (olderId: number, newerId: number) => Promise<FieldDiff[]>;
  /** Restores a revision (after the author confirms); a failure is shown in the dialog. */
  onRestore: (revision: ArticleRevision) => Promise<void>;
  /** Formats a revision's time (the site's locale and time zone by default). */
  formatTime?: (iso: string) => string;
}

const londonTime = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/London',
  }).format(new Date(iso));

type DiffState =
  | { kind: 'none' }
  | { kind: 'loading' }
  | { kind: 'ready'; fields: FieldDiff[] }
  | { kind: 'failed'; message: string };

/**
 * An article's revision history: each revision (what, who, when), any two compared word by word, and a revision
 * restored after a confirmation (the restore is a new revision, so nothing is lost).
 */
export function ArticleHistory({
  revisions,
  error,
  loadDiff,
  onRestore,
  formatTime = londonTime,
}: ArticleHistoryProps) {
  const [chosen, setChosen] = useState<number[]>([]);
  const [loaded, setLoaded] = useState<{ key: string; state: DiffState } | null>(null);
  const [restoring, setRestoring] = useState<ArticleRevision | null>(null);
  /** Revision numbers count from the oldest (1). */
  const numberOf = (r: ArticleRevision) => (revisions ? revisions.length - revisions.indexOf(r) : 0);
  const byId = (id: number) => revisions?.find((r) => r.id === id);

  const [first, second] = chosen;
  const pair =
    first === undefined || second === undefined ? null : first < second ? [first, second] : [second, first];
  const key = pair ? pair.join('-') : null;
  useEffect(() => {
    if (!key) return;
    let active = true;
    const [older, newer] = key.split('-').map(Number) as [number, number];
    loadDiff(older, newer).then(
      (fields) => active && setLoaded({ key, state: { kind: 'ready', fields } }),
      (err: unknown) =>
        active && setLoaded({ key, state: { kind: 'failed', message: (err as Error).message } }),
    );
    return () => {
      active = false;
    };
  }, [key, loadDiff]);
  const diff: DiffState = !key ? { kind: 'none' } : loaded?.key === key ? loaded.state : { kind: 'loading' };

  const toggle = (id: number, on: boolean) =>
    setChosen((c) => (on ? [...c.filter((x) => x !== id), id].slice(-2) : c.filter((x) => x !== id)));

  if (error) return <Alert tone="error">{error}</Alert>;
  if (!revisions) return <Spinner label="Loading the revisions..." />;
  if (revisions.length === 0)
    return (
      <EmptyState>
        No revisions yet. Every save that changes the article, and every publish or unpublish, is kept here.
      </EmptyState>
    );

  const olderNewer = () => {
    const ids = [...chosen].sort((a, b) => a - b);
    return ids.map((id) => byId(id)!).filter(Boolean);
  };

  return (
    <div className={css.layout}>
      <section aria-labelledby="revisions-heading">
        <h2 id="revisions-heading" className={css.heading}>
          Revisions
        </h2>
        <p className={css.muted}>Choose two to see what changed between them.</p>
        <ol className={css.list} aria-label="Revisions, newest first">
          {revisions.map((r) => {
            const n = numberOf(r);
            return (
              <li key={r.id} className={css.item}>
                <div>
                  <Checkbox
                    label={`Revision ${n}: ${revisionSummary(r)}`}
                    hint={`${formatTime(r.updated_at)}${r.editor?.full_name ? ` · ${r.editor.full_name}` : ''}`}
                    checked={chosen.includes(r.id)}
                    onCheckedChange={(on) => toggle(r.id, on)}
                  />
                </div>
                <Button
                  variant="secondary"
                  size="small"
                  aria-label={`Restore revision ${n}`}
                  onClick={() => setRestoring(r)}
                >
                  Restore
                </Button>
              </li>
            );
          })}
        </ol>
      </section>
      <section className={css.panel} aria-labelledby="diff-heading" aria-live="polite">
        <h2 id="diff-heading" className={css.heading}>
          {chosen.length === 2
            ? `Changes from revision ${numberOf(olderNewer()[0]!)} to revision ${numberOf(olderNewer()[1]!)}`
            : 'Changes'}
        </h2>
        {diff.kind === 'none' && (
          <p className={css.muted}>
            {chosen.length === 1 ? 'Choose one more revision.' : 'Choose two revisions to compare.'}
          </p>
        )}
        {diff.kind === 'loading' && <Spinner label="Comparing..." />}
        {diff.kind === 'failed' && <Alert tone="error">{diff.message}</Alert>}
        {diff.kind === 'ready' && diff.fields.length === 0 && (
          <p className={css.muted}>These two revisions have the same content.</p>
        )}
        {diff.kind === 'ready' && <FieldDiffs fields={diff.fields} />}
      </section>
      <ConfirmDialog
        open={restoring !== null}
        onOpenChange={(open) => !open && setRestoring(null)}
        title={restoring ? `Restore revision ${numberOf(restoring)}?` : 'Restore'}
        description="The article’s title, slug, text, excerpt, tags, SEO description and cover become this revision’s. Whether it is published stays as it is. The restore is saved as a new revision, so the current text stays in the history."
        confirmLabel="Restore"
        onConfirm={async () => {
          if (restoring) await onRestore(restoring);
        }}
      />
    </div>
  );
}
