// Import rules read from the source (tests aside), run by `pnpm lint`: no import circles, and the layers point one
// way — a Supabase-compatible backend and a development tool know nothing of the product, packages never import
// the app, and pure rule packages never import React or the UI.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle: modules that need each other belong in one module, or share an interface module.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'resolvable',
      severity: 'error',
      comment: 'Every import resolves (a package used is a declared dependency of the package that uses it).',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'backend-knows-no-product',
      severity: 'error',
      comment: 'local-supabase behaves as hosted Supabase does, and dev-checkout sells whatever plans it is given.',
      from: { path: '^packages/(local-supabase|dev-checkout)/src' },
      to: { path: '^packages/(?!local-supabase|dev-checkout)[^/]+/|^apps/|^supabase/' },
    },
    {
      name: 'packages-never-import-the-app',
      severity: 'error',
      from: { path: '^(packages|supabase)/' },
      to: { path: '^apps/' },
    },
    {
      name: 'rules-without-react',
      severity: 'error',
      comment: 'Feature rules are pure TypeScript, shared by the browser and the server functions.',
      from: { path: '^packages/(site-data|articles|enquiries|poster|account|premium|chat)/src' },
      to: { path: ['^packages/ui/', 'node_modules/react/', 'node_modules/react-dom/'] },
    },
  ],
  options: {
    exclude: { path: '(\\.test\\.tsx?$|\\.stories\\.tsx?$|/test/|/bench/)' },
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
