import { formatTime, londonParts } from './slots.ts';

/** An entry's display dates: UK days, inclusive; a missing one leaves that side open. */
export interface EboardDisplayDates {
  displayFrom?: string | null;
  displayUntil?: string | null;
}

/**
 * Whether an approved entry is on the board at `now`: its display dates include today's UK date (the rule of the
 * database's eboard_board view), so a screen showing a stored copy of the board drops an entry whose dates have ended.
 */
export function eboardShowsAt(entry: EboardDisplayDates, now: Date): boolean {
  const today = londonParts(now).date;
  return (
    (!entry.displayFrom || entry.displayFrom <= today) && (!entry.displayUntil || entry.displayUntil >= today)
  );
}

/** The entries of a board that are showing at `now`, in their order. */
export function eboardShowingAt<T extends EboardDisplayDates>(entries: readonly T[], now: Date): T[] {
  return entries.filter((e) => eboardShowsAt(e, now));
}

/** What a display says while it shows a stored board: 'Offline — last updated 14:32' (UK time, that day or earlier). */
export function eboardOfflineNote(lastUpdated: Date, now: Date): string {
  const at = londonParts(lastUpdated);
  const day = at.date === londonParts(now).date ? '' : ` on ${at.date.split('-').reverse().join('/')}`;
  return `Offline — last updated ${formatTime(at.minute)}${day}`;
}
