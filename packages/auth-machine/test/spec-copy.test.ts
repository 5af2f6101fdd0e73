import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { messages } from '../src/index.ts';

const repo = fileURLToPath(new URL('../../..', import.meta.url));
const copy = readFileSync(`${repo}spec/messages.txt`, 'utf8');
const shared = `${repo}../shared/spec/messages.txt`;

test("the repository's copy of the spec's message list holds the auth texts verbatim", () => {
  const lines = new Set(copy.split('\n').map((l) => l.trim()));
  for (const text of [
    messages.invalidEmail,
    messages.signedIn,
    messages.callbackLoadingTitle,
    messages.accessDenied,
  ]) {
    expect(lines.has(text), text).toBe(true);
  }
});

test('the copy equals the shared spec list whenever the shared folder is beside the clone', () => {
  const sharedText = existsSync(shared) ? readFileSync(shared, 'utf8') : copy;
  expect(copy).toBe(sharedText);
});
