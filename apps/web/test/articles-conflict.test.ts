// No silent overwrite in the article editor, in Chromium against the local backend: one author with the article open
// in two browsers. The one whose save is based on an older version is asked whose version to keep; "Keep my version"
// saves theirs over the other, "Load the other version" shows the other and discards theirs. Nothing else is lost.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { connectBrowser, createConfirmedUser, uniqueEmail } from './helpers.ts';
import { articleRow, editorPage, startArticle } from './articles-e2e.ts';
import { signInAt, startJourney } from './e2e.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const conflictDialog = (page: Page) =>
  page.getByRole('dialog', { name: 'This article was changed elsewhere' });

/** Types at the end of the article's text. */
async function typeAtEnd(page: Page, text: string): Promise<void> {
  await editorPage(page).text.click();
  await page.keyboard.press('End');
  await page.keyboard.type(text);
}

describe('the article editor never overwrites a version saved elsewhere', () => {
  it(
    'the stale save asks whose version to keep: keep mine saves it, load the other discards it',
    { timeout: 180_000 },
    async () => {
      const email = uniqueEmail('twotabs');
      await createConfirmedUser(email, 'writer-pass-1', 'Tess Twotabs');
      const a = await startJourney(browser);
      await signInAt(a.page, email, 'writer-pass-1', '/article-editor');
      const id = await startArticle(a.page, `Two tabs ${Date.now()}`, 'First text.');

      // The same author opens the article in a second browser.
      const b = await startJourney(browser);
      await signInAt(b.page, email, 'writer-pass-1', `/article-editor/${id}`);
      await editorPage(b.page).text.getByText('First text.').waitFor();
      await editorPage(b.page).saved.waitFor();

      // A saves.
      await typeAtEnd(a.page, ' Added in A.');
      await expect
        .poll(async () => (await articleRow(id)).content, { timeout: 15_000 })
        .toBe('<p>First text. Added in A.</p>');
      await editorPage(a.page).saved.waitFor();

      // B, still on the first version, edits: the save is refused, B is asked, nothing is overwritten.
      await typeAtEnd(b.page, ' Added in B.');
      await conflictDialog(b.page).waitFor({ timeout: 15_000 });
      // Behind the dialog (hidden from the accessibility tree while it is open) the status says 'Not saved'.
      await b.page.locator('[role="status"]', { hasText: /^Not saved/ }).waitFor();
      expect((await articleRow(id)).content).toBe('<p>First text. Added in A.</p>');
      // Autosave waits for the choice (no retry gets through behind the dialog).
      await b.page.waitForTimeout(6_000);
      expect((await articleRow(id)).content).toBe('<p>First text. Added in A.</p>');
      await b.page.keyboard.press('Escape');
      await conflictDialog(b.page).waitFor();

      // "Keep my version": B's text is saved over A's.
      await conflictDialog(b.page).getByRole('button', { name: 'Keep my version' }).click();
      await conflictDialog(b.page).waitFor({ state: 'detached' });
      await b.page.getByText('Your version was saved over the one saved elsewhere.').waitFor();
      await editorPage(b.page).saved.waitFor();
      expect((await articleRow(id)).content).toBe('<p>First text. Added in B.</p>');
      // B goes on writing: its saves are based on the version it saved, and go through.
      await typeAtEnd(b.page, ' More from B.');
      await expect
        .poll(async () => (await articleRow(id)).content, { timeout: 15_000 })
        .toBe('<p>First text. Added in B. More from B.</p>');
      await editorPage(b.page).saved.waitFor();
      expect(await conflictDialog(b.page).count()).toBe(0);

      // The other way round: A is now behind. Its edit is refused; "Load the other version" shows B's text.
      await typeAtEnd(a.page, ' Second thoughts in A.');
      await conflictDialog(a.page).waitFor({ timeout: 15_000 });
      await conflictDialog(a.page).getByRole('button', { name: 'Load the other version' }).click();
      await conflictDialog(a.page).waitFor({ state: 'detached' });
      await a.page.getByText('Loaded the version saved elsewhere; your changes were discarded.').waitFor();
      await expect
        .poll(() => editorPage(a.page).text.textContent(), { timeout: 5_000 })
        .toBe('First text. Added in B. More from B.');
      await editorPage(a.page).saved.waitFor();
      expect((await articleRow(id)).content).toBe('<p>First text. Added in B. More from B.</p>');
      expect(await a.page.evaluate((key) => localStorage.getItem(key), `article-draft:${id}`)).toBeNull();
      // A edits the loaded version: saved, no question asked.
      await typeAtEnd(a.page, ' Agreed.');
      await expect
        .poll(async () => (await articleRow(id)).content, { timeout: 15_000 })
        .toBe('<p>First text. Added in B. More from B. Agreed.</p>');
      expect(await conflictDialog(a.page).count()).toBe(0);

      // Only the refused saves failed (HTTP 409), nothing else.
      for (const errors of [a.errors, b.errors])
        expect(errors.filter((e) => !/^HTTP 409 PATCH /.test(e))).toEqual([]);
      await a.context.close();
      await b.context.close();
    },
  );
});
