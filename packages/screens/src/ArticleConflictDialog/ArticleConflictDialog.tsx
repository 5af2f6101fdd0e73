import type { FieldDiff } from '@pentland/articles';
import { Alert, BulletList, ChoiceDialog, Spinner } from '@pentland/ui';
import * as diffCss from '../ArticleHistory/ArticleHistory.css.ts';
import { FieldDiffs } from '../ArticleHistory/FieldDiffs.tsx';
import * as css from './ArticleConflictDialog.css.ts';

/** The version saved elsewhere compared with the author's: being read, read, or not readable. */
export type ConflictComparison =
  | { kind: 'loading' }
  /** `mergeable`: the two changed different parts, so both can be kept together (`mergeArticleVersions`). */
  | { kind: 'ready'; fields: FieldDiff[]; mergeable: boolean }
  | { kind: 'failed'; message: string };

export interface ArticleConflictDialogProps {
  /** Open while a save of this editor was refused because the article changed elsewhere. */
  open: boolean;
  /** Saves the author's text over the version saved elsewhere. */
  onKeepMine: () => Promise<void> | void;
  /** Loads the version saved elsewhere into the editor, discarding the author's changes. */
  onTakeTheirs: () => Promise<void> | void;
  /** Saves the other version's changes and the author's together; offered when the comparison is mergeable. */
  onMerge?: () => Promise<void> | void;
  /**
   * The two versions side by side: `revisionDiff(theirs, mine)`, so what only the other version has is removed and
   * what only the author's has is added. Left out, the dialog only asks.
   */
  comparison?: ConflictComparison;
}

/**
 * The editor's answer to a refused save: the article changed elsewhere; both versions are shown, word by word, and
 * the author keeps theirs, takes the other, or — when the two changed different parts — merges them.
 */
export function ArticleConflictDialog({
  open,
  onKeepMine,
  onTakeTheirs,
  onMerge,
  comparison,
}: ArticleConflictDialogProps) {
  const merge =
    comparison?.kind === 'ready' && comparison.mergeable && comparison.fields.length > 0 && onMerge
      ? onMerge
      : null;
  const apart = comparison?.kind === 'ready' && !comparison.mergeable && comparison.fields.length > 0;
  return (
    <ChoiceDialog
      open={open}
      title="This article was changed elsewhere"
      description="It was saved in another tab, on another device or by an administrator after you opened it, so your latest changes were not saved. They are kept in this browser until you choose."
      choices={
        merge
          ? [
              { label: 'Load the other version', onChoose: onTakeTheirs },
              { label: 'Keep my version', onChoose: onKeepMine },
              { label: 'Merge both', variant: 'primary', onChoose: merge },
            ]
          : [
              { label: 'Load the other version', onChoose: onTakeTheirs },
              { label: 'Keep my version', variant: 'primary', onChoose: onKeepMine },
            ]
      }
    >
      {comparison?.kind === 'loading' && <Spinner label="Comparing the two versions..." />}
      {comparison?.kind === 'failed' && <Alert tone="error">{comparison.message}</Alert>}
      {comparison?.kind === 'ready' && (
        // Scrolls on its own: focusable, so that the keyboard can scroll it too.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        <section className={css.comparison} aria-label="The other version and yours" tabIndex={0}>
          {comparison.fields.length === 0 ? (
            <p className={css.legend}>
              The text and settings of the two versions are the same; only when it is published differs.
            </p>
          ) : (
            <>
              <p className={css.legend}>
                <del className={diffCss.removed}>Struck through</del>: only in the other version.{' '}
                <ins className={diffCss.added}>Underlined</ins>: only in yours.
              </p>
              <FieldDiffs fields={comparison.fields} />
            </>
          )}
        </section>
      )}
      <BulletList
        items={[
          ...(merge
            ? [
                <>
                  <strong>Merge both</strong> saves the other version’s changes and yours together: they
                  changed different parts.
                </>,
              ]
            : []),
          <>
            <strong>Keep my version</strong> saves your text over the other one
            {apart ? ', which stays in the article’s history' : ''}.
          </>,
          <>
            <strong>Load the other version</strong> shows what was saved elsewhere and discards your changes.
          </>,
        ]}
      />
      {apart && (
        <p className={css.legend}>
          Both versions changed the same part, so they cannot be merged by themselves.
        </p>
      )}
    </ChoiceDialog>
  );
}
