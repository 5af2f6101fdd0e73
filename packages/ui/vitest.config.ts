import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.mjs';
import { matchStoryPicture } from './test/story-picture.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const uiRoot = fileURLToPath(new URL('.', import.meta.url));

/** The package a story file belongs to (`packages/ui/` or `packages/screens/`): its pictures live there. */
const packageOf = (testPath: string) =>
  `${repoRoot}${relative(repoRoot, testPath).split('/').slice(0, 2).join('/')}/`;

// Every story — the kit's (packages/ui) and the screens' (packages/screens), as .storybook/main.ts lists them — is a
// Vitest browser test in the system Chromium (no browser download).
export default defineConfig({
  plugins: [storybookTest({ configDir: `${repoRoot}.storybook` })],
  server: { fs: { allow: [repoRoot] } },
  test: {
    name: 'storybook',
    // Browser stories after the node projects, so two cores are not shared with the backend suite.
    sequence: { groupOrder: 2 },
    // Three story files at a time. Vitest's browser pool opens one page per core less one, which is one page on this
    // two-core machine: the files then ran one after another with a core idle (263 s alone); two pages left 15% of
    // the cores idle (178 s), three leave 6% (171 s).
    maxWorkers: 3,
    // Each of the three pages loads the kit, the screens, React, Radix and Storybook's runtime once for all the story
    // files it runs, instead of once per file in a new iframe: 306 s and 567 CPU-s alone on this machine isolated,
    // 199 s and 351 CPU-s not. A story keeps nothing between files: its test renders it into a clean body and the
    // setup file's visual check runs after each story as before; the stories' only storage (SaveStatus's
    // localStorage) is cleared by the stories that use it, as it always had to be (iframes share it).
    isolate: false,
    root: repoRoot,
    setupFiles: [`${uiRoot}test/visual.setup.ts`],
    // VISUAL=off skips the screenshot comparison (e.g. while stories are still being written).
    provide: { visualRegression: process.env.VISUAL !== 'off' },
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({
        launchOptions: {
          executablePath: chromiumPath,
          args: chromiumArgs,
        },
      }),
      instances: [{ browser: 'chromium' }],
      // The visual check after each story (test/visual.setup.ts). Each package keeps its stories' baselines:
      // packages/ui/visual-baselines, packages/screens/visual-baselines; a failing story's pictures go to its
      // visual-diffs folder.
      commands: {
        matchStoryPicture: matchStoryPicture((testPath, name) => {
          const folder = packageOf(testPath);
          return {
            reference: `${folder}visual-baselines/${name}.png`,
            actual: `${folder}visual-diffs/${name}-actual.png`,
            diff: `${folder}visual-diffs/${name}-diff.png`,
          };
        }),
      },
    },
  },
});
