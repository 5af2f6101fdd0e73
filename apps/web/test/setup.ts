// Run before each journey file (setupFiles), in the worker that runs it: the file's connection to the shared Chromium.
import { afterAll, beforeAll } from 'vitest';
import { connectSharedBrowser, disconnectSharedBrowser } from './shared-browser.ts';

beforeAll(connectSharedBrowser);
afterAll(disconnectSharedBrowser);
