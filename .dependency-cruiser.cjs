// Import rules read from the source (tests aside; the kit's stories included), run by `pnpm lint`: no import circles,
// and the layers point one way — a Supabase-compatible backend and a development tool know nothing of the product,
// the component kit knows nothing of the product either, the product's screens sit above the kit and below the app,
// packages never import the app, pure rule packages never import React or the UI, and in the web app the shared
// plumbing (src/lib) imports no feature and no feature imports another feature's page.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'An import circle: modules that need each other belong in one module, or share an interface module.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'resolvable',
      severity: 'error',
      comment:
        'Every import resolves (a package used is a declared dependency of the package that uses it). A Vite plugin ' +
        "makes the app's virtual: modules at build time (apps/web/scripts).",
      from: {},
      to: { couldNotResolve: true, pathNot: '^virtual:' },
    },
    {
      name: 'backend-knows-no-product',
      severity: 'error',
      comment:
        'local-supabase behaves as hosted Supabase does, and dev-checkout sells whatever plans it is given.',
      from: { path: '^packages/(local-supabase|dev-checkout)/src' },
      to: { path: '^packages/(?!local-supabase|dev-checkout)[^/]+/|^apps/|^supabase/' },
    },
    {
      name: 'kit-knows-no-product',
      severity: 'error',
      comment:
        'The kit (packages/ui: theme, primitives, layout, forms, feedback, navigation shells, the editor) is reusable ' +
        'without the product: it imports no @pentland/* package, stories included (they use src/fixtures/). A component ' +
        'bound to a product package belongs in packages/screens.',
      from: { path: '^packages/ui/' },
      to: { path: '^packages/(?!ui/)[^/]+/' },
    },
    {
      name: 'screens-never-import-the-app',
      severity: 'error',
      comment:
        'packages/screens composes the kit and the product packages; the app imports it, never the reverse.',
      from: { path: '^packages/screens/' },
      to: { path: '^apps/' },
    },
    {
      name: 'packages-never-import-the-app',
      severity: 'error',
      from: { path: '^(packages|supabase)/' },
      to: { path: '^apps/' },
    },
    {
      name: 'app-plumbing-imports-no-feature',
      severity: 'error',
      comment:
        'src/lib is what every feature shares (the client, live updates, forms): it knows none of them.',
      from: { path: '^apps/web/src/lib/' },
      to: { path: '^apps/web/src/features/' },
    },
    {
      name: 'no-other-features-page',
      severity: 'error',
      comment:
        'A page is reached through the route table (src/pages.tsx), never imported by another feature: share the part it needs instead.',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/.+Page[.]tsx$', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'no-holiday-library-in-the-browser',
      severity: 'error',
      comment:
        "date-holidays carries every country's data: the browser gets Scotland's bank holidays as a list made at " +
        'build time (virtual:scottish-bank-holidays); only the server functions use the library.',
      from: {
        path: '^(apps/web/src|packages/(screens|ui)/src)/',
        pathNot: '^apps/web/src/entryServer[.]tsx$',
      },
      to: { path: 'node_modules/date-holidays/', reachable: true },
    },
    {
      name: 'rules-without-react',
      severity: 'error',
      comment: 'Feature rules are pure TypeScript, shared by the browser and the server functions.',
      from: { path: '^packages/(site-data|articles|enquiries|poster|account|premium|chat)/src' },
      to: { path: ['^packages/(ui|screens)/', 'node_modules/react/', 'node_modules/react-dom/'] },
    },
  ],
  options: {
    // Stories are left out, but for the kit's: the kit-knows-no-product rule holds for them too.
    exclude: { path: '(\\.test\\.tsx?$|/test/|/bench/)|^(?!packages/ui/src/).*\\.stories\\.tsx?$' },
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.d.ts'],
    },
    combinedDependencies: true,
  },
};
