import type { ComponentType } from 'react';
import { ShareLinks } from '@pentland/ui';
import { NavIsland } from './features/auth/NavIsland.tsx';

/**
 * The parts of a page that can be islands (see `lib/island.tsx`), by name: what the server renders in each slot and
 * the browser hydrates.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each kind takes its own props, read from the page.
export const islandKinds: Record<string, ComponentType<any>> = {
  nav: NavIsland,
  share: ShareLinks,
};

/** A root's useId prefix: each island's ids are its own, and the same on the server and in the browser. */
export const islandIdPrefix = (name: string) => `${name}-`;
