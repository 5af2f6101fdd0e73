import { renderToString } from 'react-dom/server';
import { escapeHtml } from '@pentland/site-data';
import { IslandFrame } from './IslandFrame.tsx';
import { islandIdPrefix, islandModule, type loadIslands } from './islandKinds.tsx';
import { islandSlot, withIslandSlots, type IslandSpec } from './lib/island.tsx';

/** Every island's component by name, loaded (`loadIslands`). */
export type IslandKinds = Awaited<ReturnType<typeof loadIslands>>;

/** An island as its own root, in the element the browser hydrates it from (see `lib/island.tsx`). */
function renderIsland({ name, props }: IslandSpec, kinds: IslandKinds): string {
  const Kind = kinds.get(name);
  if (!Kind) throw new Error(`renderIsland: no island called ${name}`);
  const html = renderToString(
    <IslandFrame>
      <Kind {...props} />
    </IslandFrame>,
    { identifierPrefix: islandIdPrefix(name) },
  );
  return `<div data-island="${escapeHtml(name)}" data-props="${escapeHtml(JSON.stringify(props))}" style="display:contents">${html}</div>`;
}

/**
 * A page (`renderPage`, the app rendered to HTML) whose interactive parts (`Island`) are each a root of their own:
 * the browser hydrates those and nothing else, and the rest of the page stays the server's HTML. Synchronous (the
 * islands' code is loaded first), so a page's data set for its render is never another request's. `islands`: the
 * islands' modules, for the page's entry to list.
 */
export function renderWithIslands(
  renderPage: () => string,
  kinds: IslandKinds,
): { html: string; islands: string[] } {
  const { html, islands } = withIslandSlots(renderPage);
  const names = [...new Set(islands.map(({ name }) => name))];
  return {
    html: islands.reduce(
      (page, island, i) => page.replace(islandSlot(i), () => renderIsland(island, kinds)),
      html,
    ),
    islands: names.map(islandModule),
  };
}

/** The islands of an article's page (the prerenderer lists their code in the template the server fills in). */
export const articlePageIslands: readonly string[] = ['NavIsland', 'ShareIsland', 'FooterIsland'].map(
  islandModule,
);
