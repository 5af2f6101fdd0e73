import type { ComponentType } from 'react';
import { filesByName, manifestKey } from './lib/filesByName.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each island takes its own props, read from the page.
type IslandModule = { default: ComponentType<any> };

/**
 * The parts of pages that can be islands (see `lib/island.tsx`): `src/features/<feature>/…/<Name>Island.tsx`, each
 * its own chunk, named by its file name (unique across features), its component its default export.
 */
const modules = import.meta.glob<IslandModule>('./features/**/*Island.tsx');

const files = filesByName(Object.keys(modules), 'islands');

function fileOf(name: string): string {
  const file = files.get(name);
  if (!file) throw new Error(`No island is called ${name} (src/features/**/${name}.tsx)`);
  return file;
}

/** Whether `name` is an island's (`NavIsland`, `ShareIsland`, …). */
export const isIsland = (name: string): boolean => files.has(name);

/** An island's component, by name (loads its chunk). */
export async function loadIsland(name: string): Promise<IslandModule['default']> {
  return (await modules[fileOf(name)]!()).default;
}

/** An island's source module, as the Vite manifest names it (the prerenderer lists its chunks on the page). */
export function islandModule(name: string): string {
  return manifestKey(fileOf(name));
}

/** A root's useId prefix: each island's ids are its own, and the same on the server and in the browser. */
export const islandIdPrefix = (name: string) => `${name}-`;

let loaded: Map<string, IslandModule['default']> | undefined;

/** The server: every island's component loaded, so that a page and its islands render in one synchronous pass. */
export async function loadIslands(): Promise<Map<string, IslandModule['default']>> {
  loaded ??= new Map(
    await Promise.all([...files.keys()].map(async (name) => [name, await loadIsland(name)] as const)),
  );
  return loaded;
}
