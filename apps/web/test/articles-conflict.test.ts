// No silent overwrite in the article editor, in Chromium against the local backend: one author with the article open
// in two browsers, and an author and an administrator editing the same article. The one whose save is based on an
// older version is shown both versions and asked which to keep; "Keep my version" saves theirs over the other, "Load
// the other version" shows the other and discards theirs. Nothing else is lost.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createConfirmedUser, testSql, uniqueEmail } from './helpers.ts';
import { articleRow, editorPage, startArticle, typeAtEnd } from './articles-e2e.ts';
import { signInAsAdmin, signInAt, startJourney, url } from './e2e.ts';
import { browser } from './shared-browser.ts';

const conflictDialog = (page: Page) =>
  page.getByRole('dialog', { name: 'This article was changed elsewhere' });

/** The dialog's two versions compared: the words only the other version has, and those only this editor's has. */
async function bothVersions(page: Page): Promise<{ theirs: string; mine: string }> {
  const both = conflictDialog(page).getByRole('region', { name: 'The other version and yours' });
  await both.getByRole('heading', { name: 'Text' }).waitFor();
  const words = async (tag: string) => (await both.locator(`h3 + p ${tag}`).allTextContents()).join(' ');
  return { theirs: await words('del'), mine: await words('ins') };
}

/** Every text the article has had, as its revision history keeps them. */
const revisionTexts = async (id: string) =>
  (
    await testSql<{ content: string }>(
      `select b.content from public.article_revisions r
         join public.article_revision_bodies b on b.id = r.body_id
        where r.article_id = $1 order by r.id`,
      [id],
    )
  ).map((r) => r.content);

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
      // Both versions are shown, word by word.
      const shown = await bothVersions(b.page);
      expect(shown.theirs).toMatch(/\bA\b/);
      expect(shown.mine).toMatch(/\bB\b/);
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

  it(
    'an author and an administrator: each one’s stale save is refused and shows both versions; nothing is lost',
    { timeout: 180_000 },
    async () => {
      const email = uniqueEmail('reviewed');
      await createConfirmedUser(email, 'writer-pass-1', 'Rhona Reviewed');
      const author = await startJourney(browser);
      await signInAt(author.page, email, 'writer-pass-1', '/article-editor');
      const id = await startArticle(author.page, `Reviewed ${Date.now()}`, 'Written by the author.');

      // An administrator opens the same article and corrects it.
      const admin = await startJourney(browser);
      await signInAsAdmin(admin.page);
      await admin.page.goto(url(`/article-editor/${id}`));
      await editorPage(admin.page).text.getByText('Written by the author.').waitFor();
      await editorPage(admin.page).saved.waitFor();
      await typeAtEnd(admin.page, ' Checked by an administrator.');
      const adminText = '<p>Written by the author. Checked by an administrator.</p>';
      await expect.poll(async () => (await articleRow(id)).content, { timeout: 15_000 }).toBe(adminText);
      await editorPage(admin.page).saved.waitFor();

      // The author, still on the version they opened, goes on writing: the save is refused, both versions shown.
      await typeAtEnd(author.page, ' More from the author.');
      await conflictDialog(author.page).waitFor({ timeout: 15_000 });
      const atAuthor = await bothVersions(author.page);
      expect(atAuthor.theirs).toMatch(/Checked.*administrator/);
      expect(atAuthor.mine).toMatch(/More.*from/);
      // Both changed the same paragraph: nothing to merge.
      expect(await conflictDialog(author.page).getByRole('button', { name: 'Merge both' }).count()).toBe(0);
      await conflictDialog(author.page)
        .getByText('Both versions changed the same part, so they cannot be merged by themselves.')
        .waitFor();
      expect((await articleRow(id)).content).toBe(adminText);
      await author.page.screenshot({ path: '/tmp/i26-conflict-author-1280.png' });

      // The author keeps theirs; the administrator's text stays in the revision history.
      await conflictDialog(author.page).getByRole('button', { name: 'Keep my version' }).click();
      await conflictDialog(author.page).waitFor({ state: 'detached' });
      await editorPage(author.page).saved.waitFor();
      const authorText = '<p>Written by the author. More from the author.</p>';
      expect((await articleRow(id)).content).toBe(authorText);
      expect(await revisionTexts(id)).toContain(adminText);

      // Now the administrator is behind: refused too, shown both, and loads the author's version.
      await typeAtEnd(admin.page, ' Approved.');
      await conflictDialog(admin.page).waitFor({ timeout: 15_000 });
      const atAdmin = await bothVersions(admin.page);
      expect(atAdmin.theirs).toMatch(/More.*from/);
      expect(atAdmin.mine).toMatch(/Approved/);
      expect((await articleRow(id)).content).toBe(authorText);
      await conflictDialog(admin.page).getByRole('button', { name: 'Load the other version' }).click();
      await conflictDialog(admin.page).waitFor({ state: 'detached' });
      await expect
        .poll(() => editorPage(admin.page).text.textContent(), { timeout: 5_000 })
        .toBe('Written by the author. More from the author.');
      expect((await articleRow(id)).content).toBe(authorText);
      expect(await revisionTexts(id)).toEqual(expect.arrayContaining([adminText, authorText]));

      // Different parts: the administrator adds a paragraph, the author (now behind) retitles the article. The
      // author is shown both and merges them: the new title and the added paragraph are both saved.
      await editorPage(admin.page).saved.waitFor();
      await editorPage(admin.page).text.click();
      await admin.page.keyboard.press('Control+End');
      await admin.page.keyboard.press('Enter');
      await admin.page.keyboard.type('Reviewed in November.');
      const withParagraph = `${authorText}<p>Reviewed in November.</p>`;
      await expect.poll(async () => (await articleRow(id)).content, { timeout: 15_000 }).toBe(withParagraph);
      await editorPage(admin.page).saved.waitFor();
      const title = `Reviewed and retitled ${Date.now()}`;
      await author.page.getByLabel('Title', { exact: true }).fill(title);
      await conflictDialog(author.page).waitFor({ timeout: 15_000 });
      const both = conflictDialog(author.page).getByRole('region', { name: 'The other version and yours' });
      await both.getByRole('heading', { name: 'Title' }).waitFor();
      expect((await both.locator('h3 + p del').allTextContents()).join(' ')).toMatch(/Reviewed in November/);
      await author.page.screenshot({ path: '/tmp/i26-conflict-merge-1280.png' });
      await conflictDialog(author.page).getByRole('button', { name: 'Merge both' }).click();
      await conflictDialog(author.page).waitFor({ state: 'detached' });
      await author.page
        .getByText('Merged: the other version’s changes and yours are saved together.')
        .waitFor();
      expect(await articleRow(id)).toMatchObject({ title, content: withParagraph });
      await expect
        .poll(() => editorPage(author.page).text.textContent(), { timeout: 5_000 })
        .toBe('Written by the author. More from the author.Reviewed in November.');
      await editorPage(author.page).saved.waitFor();

      // Only the refused saves failed (HTTP 409), nothing else.
      for (const errors of [author.errors, admin.errors])
        expect(errors.filter((e) => !/^HTTP 409 PATCH /.test(e))).toEqual([]);
      await author.context.close();
      await admin.context.close();
    },
  );
});
