// The display's copy of the last board it read, kept in the browser so that after a reload or a power cut with the
// backend or the network down the screen shows it at once instead of a blank board (its pictures and the page itself
// come from the display's service worker, displayWorker.ts). Each good read replaces it, so it holds one board.
import type { ScheduledBoardEntry } from './data.ts';

const KEY = 'pentland_eboard_display_board';

export interface StoredBoard {
  /** When the board was read from the backend (ms since the epoch). */
  savedAt: number;
  entries: ScheduledBoardEntry[];
}

/** The stored board, or null when there is none or it cannot be read. */
export function readStoredBoard(): StoredBoard | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<StoredBoard>;
    if (typeof parsed.savedAt !== 'number' || !Array.isArray(parsed.entries)) return null;
    const entries = parsed.entries.filter(
      (e): e is ScheduledBoardEntry =>
        !!e && typeof e.id === 'string' && typeof e.title === 'string' && typeof e.message === 'string',
    );
    return { savedAt: parsed.savedAt, entries };
  } catch {
    return null;
  }
}

/** Keeps a board just read; a full or refused storage only loses the copy. */
export function storeBoard(board: StoredBoard): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(board));
  } catch {
    // Nothing to do: the screen goes on showing what it has.
  }
}
