import { logUncaughtErrors } from './errors.ts';
import { afterFirstPaint, preloadModules } from './lib/afterFirstPaint.ts';
import { nextTask } from './lib/nextTask.ts';
import { holdInputUntilHydrated } from './lib/holdInput.ts';
import { whenAppNeeded } from './lib/whenAppNeeded.ts';

// Every public page arrives prerendered: its first paint needs the HTML, the stylesheet, the fonts and its images,
// not the app. So this entry is tiny and fetches the app (React, the router, the page's chunks, which the prerenderer
// lists on this script element) only after that paint, leaving the connection to what is on screen — or, on a page
// that is read rather than used, only once the page needs it.
logUncaughtErrors();
// Until the app has hydrated, typing and clicks on the page's forms are held, not lost or submitted natively.
const hold = holdInputUntilHydrated();
const entry = document.querySelector<HTMLScriptElement>('script[data-modules]');
// A page that is read rather than used (its entry says data-start="interaction") is whole as HTML: the app starts
// only when the page needs it — the visitor begins to interact, live data comes near the viewport, a session is
// stored. Until then the page runs no app code at all.
// The E-Board's display (/eboard-welcome?display=1) replaces the page it arrives as: waiting for that page's paint
// would only delay the screen's board (from its stored copy within 3 s, even with the backend down).
const display =
  location.pathname === '/eboard-welcome' && new URLSearchParams(location.search).get('display') === '1';
const needed = () =>
  entry?.dataset.start === 'interaction'
    ? whenAppNeeded().then((reason) => document.documentElement.setAttribute('data-app-start', reason))
    : afterFirstPaint();
// A page served as islands (an article page, the form pages, the QR landings, the E-Board's page) hydrates only its
// islands — the navigation, the footer, its form, board or share links — after its first paint (the E-Board's
// display at once); the rest of it stays the server's HTML.
const start =
  entry?.dataset.start === 'islands'
    ? (display ? Promise.resolve() : afterFirstPaint())
        .then(() => preloadModules(entry.dataset.modules))
        // React evaluated in a task of its own, the islands' code in later ones (as startApp below).
        .then(() => import('react-dom/client'))
        .then(nextTask)
        .then(() => import('./hydrateIslands.tsx'))
        .then(({ hydrateIslands }) => hydrateIslands(hold))
    : startApp();

// React and the router are evaluated first, the app and the page in a later task, so that neither evaluation holds
// the main thread for as long as both would.
function startApp() {
  return needed()
    .then(() => preloadModules(entry?.dataset.modules))
    .then(() => import('react-dom/client'))
    .then(nextTask)
    .then(() => import('./boot.tsx'))
    .then(({ boot }) => boot(hold));
}

void start.catch((err: unknown) => {
  // Without the app the page stays plain HTML: give its fields back rather than leave them read-only.
  hold.release();
  throw err;
});
