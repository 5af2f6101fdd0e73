// The board's entries for /eboard-welcome and its display mode, read from the public eboard_board view. Changes
// arrive live: the database broadcasts on the public Realtime topic 'eboard' whenever the board changes (an entry
// approved onto it, edited, or taken off — see the eboard_board_broadcast migration), and the board is re-read at
// once. While the channel is down the board is re-read every few seconds instead, and after every reconnection
// (or when the browser comes back online or the tab becomes visible). The display says it is reconnecting as soon
// as the browser reports the network gone, or when the connection's heartbeat goes unanswered (lib/supabase.ts:
// within 10 s). Entries also come and go by their display
// dates, so the board is re-read now and then even while live; their time-of-day windows are applied here each
// minute (useScheduledBoard). Each read replaces the list, so nothing accumulates
// however long the screen runs; a failure keeps the last good list. A read gives up after a few seconds: a network
// that swallows a request never answers it, and one read hanging would keep every later read (they take turns)
// from ever starting, so the screen would not catch up when the network returns.
// On /eboard-welcome the server renders the board into the page (servedBoard.ts), which starts from it.
// The display (`stored`) also keeps each good read in the browser (storedBoard.ts) and starts from it, so after a
// reload with the backend or the network down it shows the last board at once, says since when it is offline, and
// drops entries whose display dates end meanwhile (checked against the clock every minute).
import { useCallback, useEffect, useRef, useState } from 'react';
import { eboardOfflineNote } from '@pentland/enquiries';
import { useLiveChannel } from '../../lib/live.ts';
import { loadSupabase } from '../../lib/supabase.ts';
import { readBoard, type ScheduledBoardEntry } from './data.ts';
import { readStoredBoard, storeBoard } from './storedBoard.ts';
import { pageFromDisplayStore } from './useDisplayWorker.ts';
import { useScheduledBoard } from './useScheduledBoard.ts';

/** While Realtime is unreachable, the board is re-read this often. */
export const boardFallbackMs = 10_000;
/** Even while live: entries start and end on their display dates (UK days), which no database change announces. */
export const boardCalendarMs = 5 * 60_000;
/** A stored board is checked against the clock this often. */
const clockMs = 60_000;
/**
 * A display that started from its stored board and has not read the backend within this long says it is offline
 * (a read against a backend that does not answer can take far longer to fail); at once when its page itself came
 * from the store because the network did not answer.
 */
const firstReadMs = 800;
/** A read not answered within this long is cancelled and counts as failed (the next one starts at once if due). */
export const boardReadTimeoutMs = 8_000;

/**
 * The board read, cancelled and rejected after `boardReadTimeoutMs`, whatever it is waiting for. The browser's own
 * timeout (AbortSignal.timeout), not a page timer: nothing is left to clear, so reads add no timers to the page's.
 */
function readWithin(): Promise<ScheduledBoardEntry[]> {
  const signal = AbortSignal.timeout(boardReadTimeoutMs);
  const timedOut = new Promise<never>((_, reject) =>
    signal.addEventListener('abort', () => reject(new Error('The board read timed out.')), { once: true }),
  );
  // Settled after a good read too: handled here so that it is never reported as unhandled.
  timedOut.catch(() => undefined);
  return Promise.race([loadSupabase().then((client) => readBoard(client, signal)), timedOut]);
}

export function useBoard({
  stored = false,
  served = null,
}: {
  stored?: boolean;
  /** The board the server rendered the page with (servedBoard.ts): shown at once, then read again. */
  served?: ScheduledBoardEntry[] | null;
} = {}): {
  state: 'loading' | 'error' | 'ready';
  entries: ScheduledBoardEntry[];
  /** The browser is online, the last read succeeded and the live channel is not down. */
  online: boolean;
  /** An entry that appeared since the previous read (a new approval), for the display to show at once. */
  fresh: string | null;
  /** With `stored`, while the board shown is not live: 'Offline — last updated 14:32'. */
  offlineNote: string | null;
  /** With `stored`: when the board shown was read from the backend (ms since the epoch). */
  lastRead: number | null;
} {
  const [initial] = useState(() =>
    stored ? readStoredBoard() : served ? { savedAt: null, entries: served } : null,
  );
  const [entries, setEntries] = useState<ScheduledBoardEntry[]>(initial?.entries ?? []);
  const [savedAt, setSavedAt] = useState<number | null>(initial?.savedAt ?? null);
  const [now, setNow] = useState(() => new Date());
  const [fresh, setFresh] = useState<string | null>(null);
  const [state, setState] = useState<'loading' | 'error' | 'ready'>(initial ? 'ready' : 'loading');
  const [readOk, setReadOk] = useState(true);
  const [readNow, setReadNow] = useState(false);
  // A page the display's worker served from its store, the network silent, is offline from its first frame.
  const [waited, setWaited] = useState(() => stored && pageFromDisplayStore());
  const [network, setNetwork] = useState(() => typeof navigator === 'undefined' || navigator.onLine);
  const last = useRef(initial ? JSON.stringify(initial.entries) : '');
  const stopped = useRef(false);
  // One read at a time; a change announced during a read triggers one more read after it.
  const reading = useRef<Promise<void> | null>(null);
  const again = useRef(false);

  const read = useCallback(async () => {
    try {
      const next = await readWithin();
      const key = JSON.stringify(next);
      if (stopped.current) return;
      if (key !== last.current) {
        const before = last.current
          ? new Set((JSON.parse(last.current) as ScheduledBoardEntry[]).map((e) => e.id))
          : null;
        const added = before ? next.find((e) => !before.has(e.id)) : undefined;
        last.current = key;
        setEntries(next);
        if (added) setFresh(added.id);
      }
      if (stored) {
        const at = Date.now();
        storeBoard({ savedAt: at, entries: next });
        setSavedAt(at);
      }
      setNow(new Date());
      setState('ready');
      setReadOk(true);
      setReadNow(true);
    } catch {
      if (!stopped.current) {
        setReadOk(false);
        setState((s) => (s === 'loading' ? 'error' : s));
      }
    }
  }, [stored]);

  const refresh = useCallback(() => {
    if (reading.current) {
      again.current = true;
      return;
    }
    reading.current = (async () => {
      do {
        again.current = false;
        await read();
      } while (again.current && !stopped.current);
      reading.current = null;
    })();
  }, [read]);

  const live = useLiveChannel({
    topic: 'eboard',
    bind: (channel) => channel.on('broadcast', { event: '*' }, () => refresh()),
    refresh,
    fallbackMs: boardFallbackMs,
  });

  useEffect(() => {
    stopped.current = false;
    refresh();
    const calendar = setInterval(refresh, boardCalendarMs);
    const clock = setInterval(() => setNow(new Date()), clockMs);
    const first = setTimeout(() => setWaited(true), firstReadMs);
    const online = () => {
      setNetwork(true);
      refresh();
    };
    const offline = () => setNetwork(false);
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      stopped.current = true;
      clearInterval(calendar);
      clearInterval(clock);
      clearTimeout(first);
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      document.removeEventListener('visibilitychange', refresh);
    };
  }, [refresh]);

  const offline = !network || !readOk || (!readNow && waited);
  // The view gives today's entries; each entry's dates and time-of-day windows are applied here each minute, so a
  // stored board drops ended entries offline too.
  const onNow = useScheduledBoard(entries);
  return {
    state,
    entries: onNow,
    online: network && readOk && live !== 'fallback',
    fresh,
    offlineNote: stored && offline && savedAt !== null ? eboardOfflineNote(new Date(savedAt), now) : null,
    lastRead: savedAt,
  };
}
