// The board's entries at this minute: the view gives the entries whose display dates include today, and each
// entry's time-of-day windows (London time, @pentland/enquiries' boardAt) decide minute by minute whether it is on.
// One timeout at a time, set for the next minute's start, so a window opens and closes on the minute.
import { useEffect, useMemo, useState } from 'react';
import { boardAt, type ScheduledEntry } from '@pentland/enquiries';

/** Milliseconds until the next whole minute after `now`. */
export const untilNextMinute = (now: number) => 60_000 - (now % 60_000);

export function useScheduledBoard<T extends ScheduledEntry>(entries: readonly T[]): T[] {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setTimeout(() => setNow(Date.now()), untilNextMinute(now) + 50);
    return () => clearTimeout(t);
  }, [now]);
  const minute = Math.floor(now / 60_000);
  return useMemo(() => boardAt(entries, new Date(minute * 60_000)), [entries, minute]);
}
