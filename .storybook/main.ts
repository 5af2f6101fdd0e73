import type { StorybookConfig } from '@storybook/react-vite';
import { fileURLToPath } from 'node:url';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

const config: StorybookConfig = {
  // Two sections: the kit (packages/ui, no product code) and the product's screens built from it (packages/screens).
  stories: [
    { directory: '../packages/ui/src', files: '**/*.@(mdx|stories.tsx)', titlePrefix: 'Kit' },
    { directory: '../packages/screens/src', files: '**/*.@(mdx|stories.tsx)', titlePrefix: 'Screens' },
  ],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  typescript: { reactDocgen: 'react-docgen' },
  async viteFinal(viteConfig) {
    const { mergeConfig } = await import('vite');
    return mergeConfig(viteConfig, {
      plugins: [vanillaExtractPlugin()],
      server: { fs: { allow: [repoRoot] } },
      // The runtimes that vanilla-extract's transform injects are plain ESM; serving them as they are keeps
      // Vite from discovering them mid-run and reloading the test page.
      optimizeDeps: {
        exclude: [
          '@vanilla-extract/recipes',
          '@vanilla-extract/sprinkles',
          '@vanilla-extract/dynamic',
          '@vanilla-extract/css',
        ],
      },
    });
  },
};

export default config;
