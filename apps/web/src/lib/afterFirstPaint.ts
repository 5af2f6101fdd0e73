/**
 * Resolves once the browser has rendered the page as it arrived: in the second animation frame, which comes only
 * after the first frame's style, layout and paint are done (a timer after the first frame can run before them on
 * a busy main thread). At once in a hidden tab, where animation frames do not run.
 */
export function afterFirstPaint(doc: Document = document): Promise<void> {
  return new Promise((resolve) => {
    if (doc.visibilityState === 'hidden') return resolve();
    requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
  });
}

/** Starts fetching the given module scripts (space-separated URLs) without running them. */
export function preloadModules(urls: string | undefined, doc: Document = document): void {
  for (const href of urls?.split(/\s+/).filter(Boolean) ?? []) {
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    doc.head.append(link);
  }
}
