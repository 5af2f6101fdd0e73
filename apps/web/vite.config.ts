import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { localBackendDefaults } from './scripts/local-backend.mjs';
import { siteImagesPlugin } from './scripts/site-images.mjs';
import { bankHolidaysPlugin } from './scripts/bank-holidays.mjs';

// Without VITE_SUPABASE_URL / VITE_SUPABASE_ANON_KEY in the environment (or a .env file), the app is built
// against the local backend (packages/local-supabase on 127.0.0.1:54321 with the Supabase CLI's demo anon key).
// Set them to build for a hosted backend. Vite reads process.env after this file, so the defaults fill gaps only.
for (const [name, value] of Object.entries(localBackendDefaults)) {
  if (!process.env[name]) process.env[name] = value;
}

// site-data ships TypeScript, which the config's loader does not compile: the image sets come through tsx.
const { imageSets } = (await tsImport(
  '@pentland/site-data',
  import.meta.url,
)) as typeof import('@pentland/site-data');

// The consultation form's bank holidays: the browser gets Scotland's for this year and the next two, made here from
// date-holidays (through @pentland/enquiries, the one source of the rule), not the library with every country's data.
const { scottishBankHolidaysAhead } = (await tsImport(
  '@pentland/enquiries/holidays',
  import.meta.url,
)) as typeof import('@pentland/enquiries/holidays');

// The ui kit's components that make up the public content pages, grouped in one chunk (a request, not twenty).
const contentUi = [
  'Box',
  'Breadcrumb',
  'BulletList',
  'CallToAction',
  'Card',
  'CaseStudy',
  'Container',
  'EmptyState',
  'FaqList',
  'Grid',
  'Hero',
  'LogoStrip',
  'PageHeader',
  'PriceList',
  'Rating',
  'Stack',
  'StepList',
  'SummaryCard',
  'Testimonial',
  'Text',
];
const contentUiPattern = new RegExp(`packages[\\\\/]ui[\\\\/]src[\\\\/](${contentUi.join('|')})[\\\\/]`);

export default defineConfig({
  plugins: [
    react(),
    vanillaExtractPlugin(),
    siteImagesPlugin({
      sets: imageSets,
      mastersDir: fileURLToPath(new URL('./images', import.meta.url)),
      cacheDir: fileURLToPath(new URL('./node_modules/.cache/site-images', import.meta.url)),
    }),
    bankHolidaysPlugin({ holidays: () => scottishBankHolidaysAhead() }),
  ],
  build: {
    manifest: true,
    target: 'es2022',
    // One stylesheet for the whole site (8.9 KB gzip; the editor's and poster's styles add 1 KB): one render-blocking
    // request, and the chunk groups below do not split the cascade across files.
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        // React in one chunk (with its JSX runtime, no separate small chunks for it), the router in another (a
        // page served as islands needs React, not the router). Everything else keeps automatic splitting (editor,
        // charts, forms load on demand).
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              priority: 2,
            },
            {
              name: 'router',
              test: /node_modules[\\/](react-router|react-router-dom)[\\/]/,
              priority: 2,
            },
            {
              name: 'ui-content',
              test: contentUiPattern,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  ssr: {
    // The UI kit ships TypeScript and .css.ts styles: bundle it into the server build.
    noExternal: [/^@pentland\//],
  },
  preview: { host: '127.0.0.1' },
});
