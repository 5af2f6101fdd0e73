// Live updates over Supabase Realtime for the pages that show data as it changes (the admin dashboards, the
// E-Board display, poster analytics). One hook: it joins a channel once the session is known, tells the page to
// re-read once on every (re)join so that nothing committed while it was away is missed, and falls back to slow
// polling only while the channel is not joined (an error, a time-out, a closed channel).
import { useEffect, useRef, useState } from 'react';
import type { RealtimeChannel } from '@supabase/supabase-js';
import { nextTask } from './nextTask.ts';
import { loadSupabase } from './supabase.ts';

/** `connecting` until Realtime confirms the channel, `live` while joined, `fallback` while polling instead. */
export type LiveStatus = 'connecting' | 'live' | 'fallback';

// A topic's previous channel is still leaving (removeChannel waits for the server): supabase-js would hand that
// closing channel back for the same topic, so a new subscription waits for the removal first.
const leaving = new Map<string, Promise<unknown>>();

export interface LiveOptions {
  /** The channel's topic (public channels; RLS decides what postgres_changes deliver). */
  topic: string;
  /**
   * Adds the channel's bindings (`.on('postgres_changes' | 'broadcast', …)`). Its handlers run for as long as the
   * channel lives, so they must not read render-time state (use state updaters or refs).
   */
  bind: (channel: RealtimeChannel) => RealtimeChannel;
  /** Re-reads the data: once on every join, and every `fallbackMs` while the channel is not joined. */
  refresh: () => void;
  fallbackMs: number;
  /** false: no subscription (e.g. until the page knows what to watch). */
  enabled?: boolean;
}

export function useLiveChannel({
  topic,
  bind,
  refresh,
  fallbackMs,
  enabled = true,
}: LiveOptions): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const latest = useRef({ bind, refresh });
  useEffect(() => {
    latest.current = { bind, refresh };
  });

  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    let channel: RealtimeChannel | undefined;
    let poll: ReturnType<typeof setInterval> | undefined;
    // Read now: this effect's own cleanup may register its removal under the same topic before the join below.
    const previous = leaving.get(topic);
    const startPolling = () => {
      poll ??= setInterval(() => latest.current.refresh(), fallbackMs);
    };
    const stopPolling = () => {
      clearInterval(poll);
      poll = undefined;
    };
    const joined = (async () => {
      const client = await loadSupabase();
      // supabase-js puts the access token into the join when subscribe() is called: wait for the stored session
      // and hand its token to Realtime first, or the channel joins as anon (RLS would then send an administrator
      // nothing until the next token refresh).
      await client.auth.getSession();
      await client.realtime.setAuth();
      await previous;
      // The join (a WebSocket opened, a message sent) in a task of its own, not in the one that makes the page's first
      // read: together they held the E-Board page's main thread for 20-27 ms while it hydrated.
      await nextTask();
      if (stopped) return null;
      const ch = latest.current.bind(client.channel(topic));
      ch.subscribe((s) => {
        if (stopped) return;
        if (s === 'SUBSCRIBED') {
          stopPolling();
          setStatus('live');
          latest.current.refresh();
        } else {
          setStatus('fallback');
          startPolling();
        }
      });
      channel = ch;
      return client;
    })().catch(() => {
      if (!stopped) {
        setStatus('fallback');
        startPolling();
      }
      return null;
    });
    return () => {
      stopped = true;
      stopPolling();
      const removal = joined
        .then((client) => (client && channel ? client.removeChannel(channel) : null))
        .catch(() => null);
      leaving.set(topic, removal);
      void removal.then(() => {
        if (leaving.get(topic) === removal) leaving.delete(topic);
      });
    };
  }, [topic, fallbackMs, enabled]);

  return enabled ? status : 'connecting';
}
