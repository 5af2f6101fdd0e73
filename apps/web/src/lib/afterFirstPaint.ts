import { nextTask } from './nextTask.ts';

/**
 * Resolves once the browser has shown the page as it arrived: when its first contentful paint is reported (paint
 * timing), which comes after the frame was presented. Two animation frames are not enough: on a busy machine the
 * frame's presentation lags the main thread, and code fetched meanwhile competes with the fonts and images of that
 * paint. Without paint timing, or if nothing contentful paints, the second animation frame (plus a second) is the
 * fallback; at once in a hidden tab, where pages do not paint.
 */
export function afterFirstPaint(doc: Document = document): Promise<void> {
  return new Promise((resolve) => {
    if (doc.visibilityState === 'hidden') return resolve();
    let observer: PerformanceObserver | undefined;
    const done = () => {
      observer?.disconnect();
      doc.removeEventListener('visibilitychange', done);
      resolve();
    };
    doc.addEventListener('visibilitychange', done);
    const paintTiming =
      typeof PerformanceObserver !== 'undefined' &&
      PerformanceObserver.supportedEntryTypes?.includes('paint');
    if (paintTiming) {
      observer = new PerformanceObserver((list) => {
        if (list.getEntriesByName('first-contentful-paint').length > 0) done();
      });
      observer.observe({ type: 'paint', buffered: true });
    }
    requestAnimationFrame(() => requestAnimationFrame(() => (paintTiming ? setTimeout(done, 1000) : done())));
  });
}

/**
 * Starts fetching the given module scripts (space-separated URLs) without running them, `perTask` at a time: while
 * the page loads, each request costs the main thread about half a millisecond here (four times that on a phone), and
 * a form page's forty in one task blocked input for 15–56 ms. Resolves once every one has been requested.
 */
export async function preloadModules(
  urls: string | undefined,
  doc: Document = document,
  perTask = 6,
): Promise<void> {
  const hrefs = urls?.split(/\s+/).filter(Boolean) ?? [];
  for (let i = 0; i < hrefs.length; i += perTask) {
    if (i > 0) await nextTask();
    for (const href of hrefs.slice(i, i + perTask)) {
      const link = doc.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      doc.head.append(link);
    }
  }
}
