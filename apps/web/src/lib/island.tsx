import { useEffect, type ReactNode } from 'react';
import { renderScoped } from './renderScoped.ts';

/** A part of a page that runs on its own (see `Island`): its kind and the props it is rendered with. */
export interface IslandSpec {
  name: string;
  props: Record<string, unknown>;
}

/** The islands found by the render running now (`withIslandSlots`); none outside it. */
const collecting = renderScoped<IslandSpec[] | null>(null);

/** What the server leaves in a page's HTML where its `index`th island goes (see `withIslandSlots`). */
export function islandSlot(index: number): string {
  return `<template data-island-slot="${index}"></template>`;
}

/**
 * Server: renders the page with each `Island` left as a slot (`islandSlot(i)`), and gives the islands found, in
 * order, for the renderer to render each as a root of its own and put it in its slot.
 */
export function withIslandSlots(render: () => string): { html: string; islands: IslandSpec[] } {
  const islands: IslandSpec[] = [];
  return { html: collecting.run(islands, render), islands };
}

/**
 * A part of the page that is interactive on a page served as islands: there the server renders it as a React root of
 * its own (`name` says which, `props` are what it is rendered and hydrated with, so they are plain data) and the
 * browser hydrates only such roots, leaving the rest of the page as the server's HTML. Everywhere else, in the app,
 * it is just `children` — the same part rendered in place.
 */
export function Island({ name, props, children }: IslandSpec & { children: ReactNode }) {
  const found = collecting.get();
  if (found) {
    const index = found.push({ name, props }) - 1;
    return <template data-island-slot={index} />;
  }
  return children;
}

/** Runs `onHydrated` once its root has been committed (the island has hydrated). */
export function IslandHydrated({ onHydrated, children }: { onHydrated?: () => void; children: ReactNode }) {
  useEffect(() => {
    onHydrated?.();
  }, [onHydrated]);
  return children;
}
