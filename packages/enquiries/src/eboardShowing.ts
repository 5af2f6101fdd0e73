import { isShowing } from './eboardSchedule.ts';
import { formatTime, londonParts } from './slots.ts';

/** An entry's display dates: UK days, inclusive; a missing one leaves that side open. */
export interface EboardDisplayDates {
  displayFrom?: string | null;
  displayUntil?: string | null;
}

/**
 * Whether an approved entry is on the board at `now` by its display dates alone (today's UK date within them, the
 * rule of the database's eboard_board view): the schedule's `isShowing` without time-of-day windows.
 */
export const eboardShowsAt = (entry: EboardDisplayDates, now: Date): boolean =>
  isShowing({ displayFrom: entry.displayFrom, displayUntil: entry.displayUntil }, now);

/** The entries of a board that are showing at `now` by their dates, in their order. */
export const eboardShowingAt = <T extends EboardDisplayDates>(entries: readonly T[], now: Date): T[] =>
  entries.filter((e) => eboardShowsAt(e, now));

/** What a display says while it shows a stored board: 'Offline — last updated 14:32' (UK time, that day or earlier). */
export function eboardOfflineNote(lastUpdated: Date, now: Date): string {
  const at = londonParts(lastUpdated);
  const day = at.date === londonParts(now).date ? '' : ` on ${at.date.split('-').reverse().join('/')}`;
  return `Offline — last updated ${formatTime(at.minute)}${day}`;
}
