import { useSyncExternalStore } from 'react';
import { ukToday } from './forms.ts';
import { noSubscription } from './hydrated.ts';
import { renderScoped } from './renderScoped.ts';

/**
 * The clock a page was rendered with. A prerendered page is served for weeks after its build, and an article page
 * from the cache: what it shows of the date (the footer's year, a date field's first day, a calendar's month) is the
 * day it was rendered. The served page carries that time in its head; while the page hydrates, the hooks below give
 * it, so React meets the HTML it rendered, and right after they give the browser's own day.
 */
const metaName = 'rendered-at';

const serverNow = renderScoped<number | null>(null);

/** Runs a server render with its clock set to `at`, and gives the head tag that carries it to the browser. */
export function withRenderClock<T>(at: number, render: () => T): { value: T; tag: string } {
  return {
    value: serverNow.run(at, render),
    tag: `<meta name="${metaName}" content="${new Date(at).toISOString()}">`,
  };
}

/** When the page being hydrated was rendered (its head's tag), or now for a page the browser renders itself. */
function renderedAt(): Date {
  if (typeof document === 'undefined') return new Date(serverNow.get() ?? Date.now());
  const carried = Date.parse(
    document.head.querySelector(`meta[name="${metaName}"]`)?.getAttribute('content') ?? '',
  );
  return new Date(Number.isNaN(carried) ? Date.now() : carried);
}

/** Today in the UK, 'YYYY-MM-DD': the render's day on the server and while hydrating, the browser's after. */
export function useUkToday(): string {
  return useSyncExternalStore(
    noSubscription,
    () => ukToday(),
    () => ukToday(renderedAt()),
  );
}

/** This year in the UK, as `useUkToday`. */
export function useUkYear(): number {
  return Number(useUkToday().slice(0, 4));
}

/** Milliseconds until the next whole minute after `now`. */
const untilNextMinute = (now: number) => 60_000 - (now % 60_000);

/** Calls `onChange` at the start of each minute (just after, so the new minute has begun). */
function subscribeMinutes(onChange: () => void): () => void {
  let timer: ReturnType<typeof setTimeout>;
  const arm = () => {
    timer = setTimeout(
      () => {
        onChange();
        arm();
      },
      untilNextMinute(Date.now()) + 50,
    );
  };
  arm();
  return () => clearTimeout(timer);
}

const minuteOf = (ms: number) => Math.floor(ms / 60_000) * 60_000;

/**
 * The start of this minute (ms since the epoch), changing on the minute: the render's minute on the server and while
 * hydrating, the browser's after (so a list filtered by the time of day hydrates what the server rendered).
 */
export function useMinute(): number {
  return useSyncExternalStore(
    subscribeMinutes,
    () => minuteOf(Date.now()),
    () => minuteOf(renderedAt().getTime()),
  );
}
