// Visual regression for every story: after a story's test (render + play) has passed, its page is
// compared at 1280 and 375 px wide with the committed baselines of the story's package
// (packages/ui/visual-baselines for the kit, packages/screens/visual-baselines for the screens).
// `pnpm test:visual:update` (vitest -u) is the only way to refresh them.
import { afterEach, inject } from 'vitest';
import { commands, page } from 'vitest/browser';
import type { StoryPictureResult } from './story-picture.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    visualRegression: boolean;
  }
}

declare module 'vitest/browser' {
  interface BrowserCommands {
    /** Captures the story's page and compares it with its baseline (test/story-picture.ts, in Node). */
    matchStoryPicture: (name: string) => Promise<StoryPictureResult>;
  }
}

interface VisualParameters {
  /** Widths to capture; a story made for one viewport lists only that one. */
  widths?: number[];
  /** Opt out, e.g. a story whose text contains the current year. */
  disable?: boolean;
}

interface StoryContext {
  story?: { id: string; parameters: { visual?: VisualParameters } };
}

const defaultWidths = [1280, 375];
const height = 800;
const maxHeight = 3000;

const freeze = `*, *::before, *::after {
  animation: none !important;
  transition: none !important;
  caret-color: transparent !important;
}`;

afterEach(async (ctx) => {
  const story = (ctx as unknown as StoryContext).story;
  if (!story || !inject('visualRegression') || ctx.task.result?.state === 'fail') return;
  const visual = story.parameters.visual ?? {};
  if (visual.disable) return;

  const style = document.createElement('style');
  style.textContent = freeze;
  document.head.append(style);
  await document.fonts.ready;
  const failures: unknown[] = [];
  try {
    // Every width is checked (and a missing baseline written) even when an earlier one fails.
    for (const width of visual.widths ?? defaultWidths) {
      await page.viewport(width, height);
      // Grow the viewport to the page's height so the whole story is in the picture.
      const fullHeight = Math.min(document.documentElement.scrollHeight, maxHeight);
      if (fullHeight > height) await page.viewport(width, fullHeight);
      const picture = await commands.matchStoryPicture(`${story.id}-${width}`);
      if (!picture.pass) failures.push(new Error(`${story.id} at ${width} px: ${picture.message}`));
    }
  } finally {
    style.remove();
  }
  if (failures.length > 0) throw failures[0];
});
