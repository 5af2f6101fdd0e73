// A registered E-Board display says it is alive: its URL carries its key (/eboard-welcome?display=1&key=…), and
// every 60 s it calls eboard_display_heartbeat with the key, its version (the build's script) and what it shows. The
// reply names the display and its last reload request: a request newer than the one it saw first reloads the page.
// It also listens on its own topic, 'eboard-display:<id>', and reloads at once when asked. A display without a key,
// or with one that is no key or is refused, sends nothing more and goes on as an unlisted display.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLiveChannel } from '../../lib/live.ts';
import { loadSupabase } from '../../lib/supabase.ts';

export const heartbeatMs = 60_000;
const KEY = /^[0-9a-f]{64}$/;

/** The display key in a URL parameter, or null when there is none or it is not one. */
export const displayKey = (raw: string | null): string | null => (raw && KEY.test(raw) ? raw : null);

/** The running build: its entry script's file name (it changes with every build), else 'development'. */
function buildVersion(): string {
  const script = document.querySelector<HTMLScriptElement>('script[type="module"][src*="/assets/"]');
  return script?.src.split('/').pop()?.slice(0, 100) ?? 'development';
}

export function useDisplayHeartbeat(
  rawKey: string | null,
  entries: readonly { id: string; title: string }[],
  reload: () => void = () => window.location.reload(),
): void {
  const key = displayKey(rawKey);
  const [id, setId] = useState<string | null>(null);
  const showing = useRef({ count: 0, titles: [] as string[] });
  const firstStamp = useRef<string | null | undefined>(undefined);
  const refused = useRef(false);
  const reloadRef = useRef(reload);
  useEffect(() => {
    showing.current = {
      count: entries.length,
      titles: entries.slice(0, 10).map((e) => e.title.slice(0, 80)),
    };
    reloadRef.current = reload;
  });

  const beat = useCallback(async () => {
    if (!key || refused.current) return;
    try {
      const client = await loadSupabase();
      const { data, error } = await client.rpc('eboard_display_heartbeat', {
        p_key: key,
        p_version: buildVersion(),
        p_showing: showing.current,
      });
      if (error) {
        // 401/403: no display has this key. Anything else (offline, a restart) is tried again next time.
        if (error.code === '42501') refused.current = true;
        return;
      }
      const reply = data as { id: string; reload_requested_at: string | null };
      setId(reply.id);
      if (firstStamp.current === undefined) firstStamp.current = reply.reload_requested_at;
      else if (reply.reload_requested_at !== firstStamp.current) reloadRef.current();
    } catch {
      // Unreachable now: the next heartbeat tries again.
    }
  }, [key]);

  useEffect(() => {
    if (!key) return;
    void beat();
    const timer = setInterval(() => void beat(), heartbeatMs);
    return () => clearInterval(timer);
  }, [key, beat]);

  useLiveChannel({
    topic: `eboard-display:${id ?? 'unknown'}`,
    bind: (channel) => channel.on('broadcast', { event: 'reload' }, () => reloadRef.current()),
    refresh: () => {},
    fallbackMs: heartbeatMs,
    enabled: id !== null,
  });
}
