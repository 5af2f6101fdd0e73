// The board /eboard-welcome is served with: the server reads it on request and renders it into the page (so the
// entries and their pictures are in the HTML before any script), and the page carries it for hydrating.
import { boardAt } from '@pentland/enquiries';
import { servedData } from '../../lib/servedData.ts';
import type { ScheduledBoardEntry } from './data.ts';

export const servedBoard = servedData<ScheduledBoardEntry[]>('eboard-board-data');

/**
 * The version of a rendering of the board read at `at`: the entries read and which of them are on at that minute. A
 * rendering is reused only while it is unchanged, so an approval, an edit, an entry taken off or a time-of-day
 * window opening or closing shows on the next request.
 */
export function boardVersion(entries: readonly ScheduledBoardEntry[], at: Date): string {
  const on = boardAt(entries, at).map((e) => e.id);
  return `${JSON.stringify(entries)}\n${on.join(',')}`;
}
