/** The browser's `scheduler.yield` (Chromium 129), where it has one. */
type Scheduler = { yield?: () => Promise<void> };

/**
 * Lets the browser run what is waiting (input first) before going on: how start-up work that would hold the main
 * thread for long is split into tasks (the preloads, React and each island, supabase-js, a live channel's join).
 */
export const nextTask = (): Promise<void> =>
  (globalThis as { scheduler?: Scheduler }).scheduler?.yield?.() ??
  new Promise((resolve) => setTimeout(resolve, 0));
