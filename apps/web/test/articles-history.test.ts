// The article editor's revision history, in Chromium against the local backend: an author edits and publishes an
// article, opens its history, compares two revisions word by word and restores an older one. The editor and the
// stored article show the old text, and the restore is listed as a new revision.
import { describe, expect, it } from 'vitest';
import { createConfirmedUser, testSql, uniqueEmail } from './helpers.ts';
import { articleRow, editorPage, startArticle, typeAtEnd } from './articles-e2e.ts';
import { signInAt, startJourney } from './e2e.ts';
import { browser } from './shared-browser.ts';

const kinds = async (id: string) =>
  (
    await testSql<{ kind: string }>(
      'select kind from public.article_revisions where article_id = $1 order by id',
      [id],
    )
  ).map((r) => r.kind);

describe('the article editor’s revision history', () => {
  it(
    'lists the revisions, compares two and restores an old one as a new revision',
    { timeout: 180_000 },
    async () => {
      const email = uniqueEmail('history');
      await createConfirmedUser(email, 'writer-pass-1', 'Hana History');
      const { page, context, errors } = await startJourney(browser);
      await signInAt(page, email, 'writer-pass-1', '/article-editor');
      const editor = editorPage(page);
      const id = await startArticle(page, `History ${Date.now()}`, 'First text.');

      await typeAtEnd(page, ' Second sentence.');
      await expect
        .poll(async () => (await articleRow(id)).content, { timeout: 15_000 })
        .toBe('<p>First text. Second sentence.</p>');
      await editor.saved.waitFor({ timeout: 15_000 });
      await page.getByRole('button', { name: 'Publish now' }).click();
      await page.getByText('Published. The article is public now.').waitFor({ timeout: 15_000 });
      await typeAtEnd(page, ' Third sentence.');
      await expect
        .poll(async () => (await articleRow(id)).content, { timeout: 15_000 })
        .toBe('<p>First text. Second sentence. Third sentence.</p>');
      await editor.saved.waitFor({ timeout: 15_000 });
      expect(await kinds(id)).toEqual(['create', 'edit', 'publish', 'edit']);

      // The history: four revisions, newest first.
      await page.getByRole('button', { name: 'History', exact: true }).click();
      const list = page.getByRole('list', { name: 'Revisions, newest first' });
      await list.waitFor({ timeout: 15_000 });
      await expect.poll(() => list.getByRole('listitem').count(), { timeout: 10_000 }).toBe(4);
      await list.getByText('Revision 3: Published').waitFor();

      // Revisions 3 and 4 compared: the third sentence is what was added.
      await page.getByRole('checkbox', { name: /^Revision 3:/ }).click();
      await page.getByRole('checkbox', { name: /^Revision 4:/ }).click();
      const changes = page.getByRole('region', { name: 'Changes from revision 3 to revision 4' });
      await changes.getByRole('heading', { name: 'Text' }).waitFor({ timeout: 15_000 });
      expect((await changes.locator('ins').allTextContents()).join('').trim()).toBe('Third sentence.');
      expect(await changes.locator('del').count()).toBe(0);

      // Revision 3 restored, after a confirmation.
      await page.getByRole('button', { name: 'Restore revision 3' }).click();
      const dialog = page.getByRole('dialog', { name: 'Restore revision 3?' });
      await dialog.getByRole('button', { name: 'Restore', exact: true }).click();
      await dialog.waitFor({ state: 'detached', timeout: 15_000 });
      await page.getByText('Restored revision 3. The restore is a new revision.').waitFor();
      await list.getByText(/^Revision 5: Restored/).waitFor({ timeout: 15_000 });
      const stored = await articleRow(id);
      expect(stored).toMatchObject({ content: '<p>First text. Second sentence.</p>', status: 'published' });
      expect(await kinds(id)).toEqual(['create', 'edit', 'publish', 'edit', 'restore']);
      await page.screenshot({ path: '/tmp/i26-history-1280.png', fullPage: true });

      // Back in the editor: the old text; editing goes on from it.
      await page.getByRole('button', { name: 'Back to editing' }).click();
      await expect
        .poll(() => editor.text.textContent(), { timeout: 10_000 })
        .toBe('First text. Second sentence.');
      await editor.saved.waitFor();
      await typeAtEnd(page, ' Again.');
      await expect
        .poll(async () => (await articleRow(id)).content, { timeout: 15_000 })
        .toBe('<p>First text. Second sentence. Again.</p>');
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
