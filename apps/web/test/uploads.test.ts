// A file that only claims to be a picture (named .png, typed image/png, not decodable) is refused in the browser
// before anything is uploaded, in the product's own words, and leaves nothing in the bucket — in the poster creator
// and on the E-Board form. The buckets' own refusals are tried in supabase/tests/misuse/uploads.test.ts.
import { describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import { authForm, choose, startJourney, submitSignIn, url } from './e2e.ts';
import { createConfirmedUser, londonToday, testSql, uniqueEmail } from './helpers.ts';
import { browser } from './shared-browser.ts';

const notAPicture = {
  name: 'harbour.png',
  mimeType: 'image/png',
  buffer: Buffer.from('this is a shopping list, not a picture'),
};

function picture(): Buffer {
  const png = new PNG({ width: 40, height: 30 });
  png.data.fill(200);
  return PNG.sync.write(png);
}

const objects = async (bucket: string, prefix = ''): Promise<string[]> =>
  (
    await testSql<{ name: string }>(
      'select name from storage.objects where bucket_id = $1 and name like $2',
      [bucket, `${prefix}%`],
    )
  ).map((r) => r.name);

describe('a non-picture named .png is refused before upload', () => {
  it('poster creator: the product’s message, no object in poster-images, no layer; a real picture still goes in', async () => {
    const email = uniqueEmail('poster-upload');
    const userId = await createConfirmedUser(email, 'poster-pass-1', 'Iain Upload');
    const { page, errors, context } = await startJourney(browser, { width: 1400, height: 1000 });
    await page.goto(url('/auth'));
    await submitSignIn(authForm(page), email, 'poster-pass-1');
    await page.waitForURL(url('/welcome'));
    await page.goto(url('/poster-creator'));
    await page.getByRole('button', { name: 'Use template for Event' }).click();
    await page.waitForURL(/\/poster-creator\?poster=[0-9a-f-]{36}$/);
    await page.locator('[data-poster-stage] .konvajs-content').waitFor();

    const chooser = page.getByLabel('Image', { exact: true });
    await chooser.setInputFiles(notAPicture);
    await page
      .getByText('This file is not a picture we can use — choose a PNG, JPEG, WebP or GIF image.', {
        exact: true,
      })
      .waitFor();
    expect(await page.getByText('cannot be decoded', { exact: false }).count()).toBe(0);
    expect(await objects('poster-images', `${userId}/`)).toEqual([]);
    const layers = page.getByRole('region', { name: 'Layers' });
    expect(await layers.getByRole('button', { name: 'harbour.png', exact: true }).count()).toBe(0);

    await chooser.setInputFiles({ name: 'real.png', mimeType: 'image/png', buffer: picture() });
    await layers.getByRole('button', { name: 'real.png', exact: true }).waitFor({ timeout: 15_000 });
    expect(await objects('poster-images', `${userId}/`)).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('E-Board form: the product’s message at once, the entry is not sent and nothing lands in eboard-images', async () => {
    const { page, context } = await startJourney(browser);
    // What this page sends, not the whole bucket or table: other journeys upload and submit meanwhile.
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && /\/(functions\/v1\/submit-eboard|storage\/v1\/object\/)/.test(r.url()))
        sent.push(r.url());
    });
    const email = uniqueEmail('eboard-upload');
    await page.goto(url('/eboard-submissions'));
    const form = page.getByRole('form', { name: 'E-Board submission' });
    await form.getByLabel('Name').fill('Seaforth Darts');
    await form.getByLabel('E-mail').fill(email);
    await choose(page, 'Category', 'Sport and clubs');
    await form.getByLabel('Title').fill('Open night');
    await form.getByLabel('Message').fill('Come and throw a few darts on Thursday.');
    const today = londonToday();
    await form.getByLabel('First day').fill(today);
    await form.getByLabel('Last day').fill(today);
    await form.getByLabel('Image').setInputFiles(notAPicture);
    const message = form.getByText(
      'This file is not a picture we can use — choose a JPEG, PNG or WebP image.',
      { exact: true },
    );
    await message.waitFor();
    await form.getByRole('button', { name: 'Submit entry' }).click();
    await message.waitFor();
    await page.waitForTimeout(1_000);
    expect(await page.getByText(/^EB-[0-9A-F]{8}$/).count()).toBe(0);
    expect(sent).toEqual([]);
    const stored = await testSql<{ n: number }>(
      'select count(*)::int as n from public.eboard_submissions where contact_email = $1',
      [email],
    );
    expect(stored[0]!.n).toBe(0);
    await context.close();
  });
});
