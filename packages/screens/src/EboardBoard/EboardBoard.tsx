import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { suppressOthers } from 'aria-hidden';
import { Alert, Card, Spinner, Text } from '@pentland/ui';
import * as css from './EboardBoard.css.ts';

export interface BoardEntry {
  id: string;
  title: string;
  message: string;
  category: string;
  author?: string | null;
  organisation?: string | null;
  imageUrl?: string | null;
  /** Its own seconds on screen in the display's rotation (else the display's interval). */
  seconds?: number | null;
}

export interface EboardBoardProps {
  state: 'loading' | 'error' | 'ready';
  entries: readonly BoardEntry[];
  emptyText?: string;
}

/**
 * The entries currently on the E-Board, as cards (the /eboard-welcome page). The board keeps at least a card's height
 * in every state: a page served without its entries shows it loading first and the entries arrive after the first
 * paint, so what follows it does not move when they come (or when the board turns out empty).
 */
export function EboardBoard({
  state,
  entries,
  emptyText = 'Nothing on the board right now — be the first to submit an entry.',
}: EboardBoardProps) {
  if (state === 'loading')
    return (
      <div className={css.board}>
        <Spinner label="Loading the board..." showLabel />
      </div>
    );
  if (state === 'error')
    return (
      <div className={css.board}>
        <Alert tone="error">The board could not be loaded. Please try again shortly.</Alert>
      </div>
    );
  if (entries.length === 0)
    return (
      <div className={css.board}>
        <Text tone="muted">{emptyText}</Text>
      </div>
    );
  // The first picture is near the top of the page (often its largest element): fetched at once; the others lazily.
  const firstPicture = entries.findIndex((e) => e.imageUrl);
  return (
    <ul className={`${css.board} ${css.list}`} aria-label="On the E-Board now">
      {entries.map((e, i) => (
        <li key={e.id}>
          <Card as="article" title={e.title} titleAs="h3">
            {e.imageUrl && (
              <img
                className={css.image}
                src={e.imageUrl}
                alt=""
                {...(i === firstPicture ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const })}
              />
            )}
            <Text>{e.message}</Text>
            <p className={css.meta}>{[e.category, e.organisation ?? e.author].filter(Boolean).join(' · ')}</p>
          </Card>
        </li>
      ))}
    </ul>
  );
}

export interface EboardDisplayProps {
  entries: readonly BoardEntry[];
  /** How long each entry shows (ms), unless it has seconds of its own. */
  intervalMs?: number;
  /** 'Live', 'Reconnecting…' — shown in the corner so staff see the screen is alive. */
  status?: string;
  /** Where to submit an entry (shown on the screen). */
  submitUrl?: string;
  /** An entry to show at once (one that was just approved); the rotation goes on from it. */
  spotlightId?: string | null;
  /** Shown at the top while the screen shows a stored board: 'Offline — last updated 14:32'. */
  offlineNote?: string | null;
  /** A QR code on the screen leading to the submission form: its modules (quiet zone not included). */
  qrCode?: { size: number; dark: (row: number, col: number) => boolean } | null;
}

/** A QR code as one SVG path (dark modules on white, with the four-module quiet zone), sharp at any size. */
function QrCode({ code, label }: { code: NonNullable<EboardDisplayProps['qrCode']>; label: string }) {
  const quiet = 4;
  const side = code.size + quiet * 2;
  let d = '';
  for (let r = 0; r < code.size; r++)
    for (let c = 0; c < code.size; c++) if (code.dark(r, c)) d += `M${c + quiet} ${r + quiet}h1v1h-1z`;
  return (
    <svg
      className={css.qr}
      style={{ [css.qrModules]: side } as CSSProperties}
      viewBox={`0 0 ${side} ${side}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
    >
      <rect width={side} height={side} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}

/**
 * The full-screen display mode for the physical E-Board: one entry at a time with a visible timer. The index wraps
 * as the list changes, and the only timer is one timeout per slide, so it can run for days. It covers the page it is
 * shown on, which is inert while it does (nothing behind it can be focused, clicked or read out).
 */
export function EboardDisplay({
  entries,
  intervalMs = 10_000,
  status,
  submitUrl,
  spotlightId = null,
  offlineNote = null,
  qrCode = null,
}: EboardDisplayProps) {
  const [index, setIndex] = useState(0);
  const [cycle, setCycle] = useState(0);
  const [spotlit, setSpotlit] = useState<string | null>(null);
  const count = entries.length;
  // A new spotlight jumps the rotation to it (state adjusted while rendering, as React advises for prop changes).
  if (spotlightId !== spotlit) {
    setSpotlit(spotlightId);
    const at = entries.findIndex((e) => e.id === spotlightId);
    if (at >= 0) {
      setIndex(at);
      setCycle((c) => (c + 1) % 1_000_000);
    }
  }
  const screen = useRef<HTMLElement>(null);
  useEffect(() => suppressOthers(screen.current!), []);
  const current = count ? entries[index % count]! : null;
  const slideMs = current?.seconds ? current.seconds * 1000 : intervalMs;
  useEffect(() => {
    if (count <= 1) return;
    const t = setTimeout(() => {
      setIndex((i) => (i + 1) % count);
      setCycle((c) => (c + 1) % 1_000_000);
    }, slideMs);
    return () => clearTimeout(t);
  }, [index, count, slideMs, cycle]);
  return (
    <section
      ref={screen}
      className={css.screen}
      aria-label="E-Board display"
      aria-roledescription="slideshow"
    >
      <div className={css.header}>
        <Text size="lg" weight="bold">
          Pentland Cloud E-Board
        </Text>
        <p className={css.offline} aria-live="polite">
          {offlineNote}
        </p>
      </div>
      {current ? (
        <article className={css.slide} aria-live="polite" aria-label={current.title} data-entry={current.id}>
          <div className={css.slideText}>
            <h2 className={css.slideTitle}>{current.title}</h2>
            <p className={css.slideBody}>{current.message}</p>
            <Text size="lg">
              {[current.category, current.organisation ?? current.author].filter(Boolean).join(' · ')}
            </Text>
          </div>
          {current.imageUrl && <img className={css.slideImage} src={current.imageUrl} alt="" />}
        </article>
      ) : (
        <div className={css.slideText}>
          <h2 className={css.slideTitle}>Your notice here</h2>
          <p className={css.slideBody}>
            Submit an entry to the E-Board{submitUrl ? ` at ${submitUrl}` : ''}.
          </p>
        </div>
      )}
      <div className={css.footer}>
        {qrCode && (
          <div className={css.qrBox}>
            <QrCode code={qrCode} label="QR code: submit an entry to the E-Board" />
            <span>
              Scan to submit
              <br />
              an entry
            </span>
          </div>
        )}
        <span>{count ? `${(index % count) + 1} of ${count}` : 'No entries'}</span>
        {count > 1 && (
          <div
            className={css.timer}
            role="progressbar"
            aria-label="Time until the next entry"
            aria-valuemin={0}
            aria-valuemax={slideMs / 1000}
          >
            <div
              key={`${index}-${cycle}`}
              className={css.timerFill}
              style={{ animationDuration: `${slideMs}ms` }}
            />
          </div>
        )}
        {status && <span role="status">{status}</span>}
      </div>
    </section>
  );
}
