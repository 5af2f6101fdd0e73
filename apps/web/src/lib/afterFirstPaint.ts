/**
 * Resolves once the browser has painted the page as it arrived (the frame after the first animation frame), or at
 * once in a hidden tab, where animation frames do not run.
 */
export function afterFirstPaint(doc: Document = document): Promise<void> {
  return new Promise((resolve) => {
    if (doc.visibilityState === 'hidden') return resolve();
    requestAnimationFrame(() => setTimeout(resolve, 0));
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
