// The E-Board's registered displays as administrators see them: a display sends a heartbeat every minute, so one
// not heard from for more than five minutes is silent (switched off, offline or stuck).
export const displayHeartbeatSeconds = 60;
export const displaySilentMinutes = 5;

export type DisplayHealth = 'never' | 'alive' | 'silent';

/** Whether a display is alive at `now`, from its last heartbeat (ISO time, or null if none yet). */
export function displayHealth(lastSeen: string | null | undefined, now: Date): DisplayHealth {
  const t = lastSeen ? Date.parse(lastSeen) : NaN;
  if (Number.isNaN(t)) return 'never';
  return now.getTime() - t > displaySilentMinutes * 60_000 ? 'silent' : 'alive';
}

/** "Never", "just now", "4 min ago", "2 h 5 min ago", "3 days ago". */
export function lastSeenText(lastSeen: string | null | undefined, now: Date): string {
  const t = lastSeen ? Date.parse(lastSeen) : NaN;
  if (Number.isNaN(t)) return 'Never';
  const minutes = Math.max(0, Math.floor((now.getTime() - t) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ${minutes % 60} min ago`;
  return `${Math.floor(hours / 24)} days ago`;
}
