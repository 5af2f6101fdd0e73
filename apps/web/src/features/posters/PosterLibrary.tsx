import { Alert, Button, Dialog, Spinner } from '@pentland/ui';
import { TemplatePicker } from '@pentland/screens';
import { usePosterLibrary } from './usePosterLibrary.ts';
import * as css from './poster.css.ts';

const when = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/London',
  }).format(new Date(iso));

/** The user's posters (open, duplicate, delete) and the templates to start a new one. */
export function PosterLibrary({ onOpen }: { onOpen: (id: string) => void }) {
  const { posters, templates, hasPremium, error, busy, duplicate, remove, create } = usePosterLibrary(onOpen);

  return (
    <div className={css.stack}>
      {error && <Alert tone="error">{error}</Alert>}
      <h2>Your posters</h2>
      {!posters ? (
        <Spinner label="Loading your posters..." />
      ) : posters.length === 0 ? (
        <p className={css.muted}>No posters yet. Start from a template below, or with a blank page.</p>
      ) : (
        <ul className={css.list} aria-label="Your posters">
          {posters.map((p) => (
            <li key={p.id} className={css.row}>
              <span className={css.rowTitle}>{p.title}</span>
              <span className={css.muted}>Changed {when(p.updated_at)}</span>
              <Button type="button" size="small" onClick={() => onOpen(p.id)} aria-label={`Open ${p.title}`}>
                Open
              </Button>
              <Button
                type="button"
                size="small"
                variant="secondary"
                disabled={busy !== null}
                aria-label={`Duplicate ${p.title}`}
                onClick={() => duplicate(p)}
              >
                Duplicate
              </Button>
              <Dialog
                title={`Delete ${p.title}?`}
                description="The poster is removed for good. Printed copies keep working until then; after it, their QR code leads to the page without counting scans."
                tone="critical"
                confirmLabel="Delete poster"
                busy={busy === `del:${p.id}`}
                onConfirm={() => remove(p)}
                trigger={
                  <Button type="button" size="small" variant="ghost" aria-label={`Delete ${p.title}`}>
                    Delete
                  </Button>
                }
              />
            </li>
          ))}
        </ul>
      )}
      <h2>New poster</h2>
      <div>
        <Button type="button" variant="secondary" disabled={busy !== null} onClick={() => create(null)}>
          Blank A4 page
        </Button>
      </div>
      <TemplatePicker
        templates={templates}
        hasPremium={hasPremium}
        busyId={busy?.startsWith('tpl:') ? busy.slice(4) : null}
        onPick={(tid) => create(tid)}
      />
    </div>
  );
}
