// The board's entries for /eboard-welcome and its display mode, read from the public eboard_board view. Changes
// arrive live: the database broadcasts on the public Realtime topic 'eboard' whenever the board changes (an entry
// approved onto it, edited, or taken off — see the eboard_board_broadcast migration), and the board is re-read at
// once. While the channel is down the board is re-read every few seconds instead, and after every reconnection
// (or when the browser comes back online or the tab becomes visible). The display says it is reconnecting as soon
// as the browser reports the network gone, or when the connection's heartbeat goes unanswered (lib/supabase.ts:
// within 10 s). Entries also come and go by their display
// dates, so the board is re-read now and then even while live. Each read replaces the list, so nothing accumulates
// however long the screen runs; a failure keeps the last good list.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { BoardEntry } from '@pentland/screens';
import { useLiveChannel } from '../../lib/live.ts';
import { loadSupabase } from '../../lib/supabase.ts';
import { readBoard } from './data.ts';

/** While Realtime is unreachable, the board is re-read this often. */
export const boardFallbackMs = 10_000;
/** Even while live: entries start and end on their display dates (UK days), which no database change announces. */
export const boardCalendarMs = 5 * 60_000;

export function useBoard(): {
  state: 'loading' | 'error' | 'ready';
  entries: BoardEntry[];
  /** The browser is online, the last read succeeded and the live channel is not down. */
  online: boolean;
  /** An entry that appeared since the previous read (a new approval), for the display to show at once. */
  fresh: string | null;
} {
  const [entries, setEntries] = useState<BoardEntry[]>([]);
  const [fresh, setFresh] = useState<string | null>(null);
  const [state, setState] = useState<'loading' | 'error' | 'ready'>('loading');
  const [readOk, setReadOk] = useState(true);
  const [network, setNetwork] = useState(() => typeof navigator === 'undefined' || navigator.onLine);
  const last = useRef('');
  const stopped = useRef(false);
  // One read at a time; a change announced during a read triggers one more read after it.
  const reading = useRef<Promise<void> | null>(null);
  const again = useRef(false);

  const read = useCallback(async () => {
    try {
      const next = await readBoard(await loadSupabase());
      const key = JSON.stringify(next);
      if (stopped.current) return;
      if (key !== last.current) {
        const before = last.current
          ? new Set((JSON.parse(last.current) as BoardEntry[]).map((e) => e.id))
          : null;
        const added = before ? next.find((e) => !before.has(e.id)) : undefined;
        last.current = key;
        setEntries(next);
        if (added) setFresh(added.id);
      }
      setState('ready');
      setReadOk(true);
    } catch {
      if (!stopped.current) {
        setReadOk(false);
        setState((s) => (s === 'loading' ? 'error' : s));
      }
    }
  }, []);

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
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      document.removeEventListener('visibilitychange', refresh);
    };
  }, [refresh]);

  return { state, entries, online: network && readOk && live !== 'fallback', fresh };
}
