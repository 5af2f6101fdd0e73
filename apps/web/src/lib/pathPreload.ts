/**
 * How the code a path's first render needs is loaded ahead of a page load to it, on a page served as islands (which
 * has no router): set by the islands' start, so that the auth machines' module does not import the app's route code
 * (whose guard imports the sign-in form, which imports it). Nothing is loaded until it is set.
 */
let preload: (path: string) => Promise<void> = () => Promise.resolve();

export function setPathPreload(load: (path: string) => Promise<void>): void {
  preload = load;
}

export function preloadPath(path: string): Promise<void> {
  return preload(path);
}
