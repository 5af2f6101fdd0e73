// The board's entries at this minute: the view gives the entries whose display dates include today, and each
// entry's time-of-day windows (London time, @pentland/enquiries' boardAt) decide minute by minute whether it is on.
// The minute is the render clock's (lib/renderClock.ts): a board the server rendered hydrates with the minute it was
// rendered in, then follows the browser's clock, changing on the minute so a window opens and closes on time.
import { useMemo } from 'react';
import { boardAt, type ScheduledEntry } from '@pentland/enquiries';
import { useMinute } from '../../lib/renderClock.ts';

export function useScheduledBoard<T extends ScheduledEntry>(entries: readonly T[]): T[] {
  const minute = useMinute();
  return useMemo(() => boardAt(entries, new Date(minute)), [entries, minute]);
}
