import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { createSiteServer } from '../scripts/serve.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    browserWsEndpoint: string;
  }
}

export const chromiumPath = '/usr/bin/chromium';
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const appDir = fileURLToPath(new URL('..', import.meta.url));

// The tests run against the production build; CI builds it first, a bare `vitest run` builds it here.
export default async function setup(project: TestProject) {
  if (!existsSync(`${appDir}/dist/routes.json`)) {
    const build = spawnSync('pnpm', ['run', 'build'], { cwd: appDir, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('apps/web build failed');
  }
  const server = createSiteServer({ root: `${appDir}/dist` });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const browser = await chromium.launchServer({
    executablePath: chromiumPath,
    args: chromiumArgs,
    headless: true,
  });
  project.provide('baseUrl', `http://127.0.0.1:${port}`);
  project.provide('browserWsEndpoint', browser.wsEndpoint());
  return async () => {
    await browser.close();
    await new Promise((resolve) => server.close(resolve));
  };
}
