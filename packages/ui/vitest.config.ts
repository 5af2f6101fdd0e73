import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const uiRoot = fileURLToPath(new URL('.', import.meta.url));

// Every story is a Vitest browser test in the system Chromium (no browser download).
export default defineConfig({
  plugins: [storybookTest({ configDir: `${repoRoot}.storybook` })],
  server: { fs: { allow: [repoRoot] } },
  test: {
    name: 'storybook',
    // Browser stories after the node projects, so two cores are not shared with the backend suite.
    sequence: { groupOrder: 2 },
    root: repoRoot,
    setupFiles: [`${uiRoot}test/visual.setup.ts`],
    // VISUAL=off skips the screenshot comparison (e.g. while stories are still being written).
    provide: { visualRegression: process.env.VISUAL !== 'off' },
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
      }),
      instances: [{ browser: 'chromium' }],
      expect: {
        toMatchScreenshot: {
          comparatorName: 'pixelmatch',
          // Small tolerance: anti-aliasing noise passes, a moved or recoloured element does not.
          comparatorOptions: { threshold: 0.2, allowedMismatchedPixelRatio: 0.002 },
          resolveScreenshotPath: ({ arg, ext }) => `${uiRoot}visual-baselines/${arg}${ext}`,
          resolveDiffPath: ({ arg, ext }) => `${uiRoot}visual-diffs/${arg}${ext}`,
        },
      },
    },
  },
});
