/**
 * How the code a path's first render needs is loaded ahead of going there (routeCode's preloadRoute): set by the
 * app's start and by the islands' start, so that the auth machines' module does not import the app's route code
 * (whose guard imports the sign-in form, which imports it). Nothing is loaded until it is set.
 */
let preload: (path: string) => Promise<void> = () => Promise.resolve();

export function setPathPreload(load: (path: string) => Promise<void>): void {
  preload = load;
}

export function preloadPath(path: string): Promise<void> {
  return preload(path);
}
