import { siteImages } from '@pentland/site-data';

/** Starts fetching the three site images; a failure only logs a warning. */
export function preloadSiteImages(urls: readonly string[] = Object.values(siteImages)): Promise<void[]> {
  return Promise.all(
    urls.map(
      (url) =>
        new Promise<void>((resolve) => {
          const img = new Image();
          img.onload = () => resolve();
          img.onerror = () => {
            console.warn(`Failed to preload image ${url}`);
            resolve();
          };
          img.src = url;
        }),
    ),
  );
}
