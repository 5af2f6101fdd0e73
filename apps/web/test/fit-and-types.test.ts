// Pages that must fit a phone and a desktop without sideways scrolling or clipped labels, the contact page's two
// cards, one length of the free consultation everywhere, and the administrators' consultation types form (reset
// after a successful add, no duplicate type).
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { supabaseClient, testSql, uniqueEmail } from './helpers.ts';
import { signInAt, startJourney, url } from './e2e.ts';
import { browser } from './shared-browser.ts';

const phone = { width: 375, height: 800 };

/** How wide the page's content is (more than the viewport: the page scrolls sideways). */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** Whether an element's text lies within its own box (not clipped at either end). */
const textFits = (el: Locator) =>
  el.evaluate((a) => {
    const range = document.createRange();
    range.selectNodeContents(a);
    const text = range.getBoundingClientRect();
    const box = a.getBoundingClientRect();
    return text.left >= box.left - 0.5 && text.right <= box.right + 0.5;
  });

describe('the package builder fits', () => {
  it('at 375 px nothing scrolls sideways', async () => {
    const { page } = await startJourney(browser, phone);
    await page.goto(url('/service-packages'));
    await page.getByLabel('Include Domain & Hosting').click();
    // The service's fields, mounted in the render after the tick, are part of what must fit.
    await page.getByLabel('E-mail mailboxes').waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(375);
  });

  it('at 1280 px the request button holds its whole label', async () => {
    const { page } = await startJourney(browser);
    await page.goto(url('/service-packages'));
    await page.getByLabel('Include Domain & Hosting').click();
    await page.getByLabel('E-mail mailboxes').waitFor();
    const link = page.getByRole('link', { name: 'Request a consultation with this package' });
    await link.waitFor();
    expect(await textFits(link)).toBe(true);
    expect(await pageWidth(page)).toBeLessThanOrEqual(1280);
  });
});

describe('/contact', () => {
  it('lays out its two cards without an empty column, the details card as tall as its content', async () => {
    const { page } = await startJourney(browser);
    await page.goto(url('/contact'));
    const card = (title: string) =>
      page.getByRole('heading', { name: title }).locator('xpath=ancestor::section[1]');
    const info = card('Get in touch');
    const form = card('Send us a message');
    await form.getByRole('button', { name: 'Send message' }).waitFor();
    const grid = info.locator('xpath=../..');
    const [i, f, g] = await Promise.all([info.boundingBox(), form.boundingBox(), grid.boundingBox()]);
    // The form's card reaches the grid's right edge: no third, empty column.
    expect(f!.x + f!.width).toBeGreaterThan(g!.x + g!.width - 2);
    // The details card is not stretched to the form's height.
    expect(i!.height).toBeLessThan(f!.height - 100);
  });
});

describe('the free consultation', () => {
  it('has one length on /services and on /qr-welcome', async () => {
    const [services, qr] = await Promise.all(
      ['/services', '/qr-welcome'].map((p) => fetch(url(p)).then((r) => r.text())),
    );
    expect(services).toMatch(/an hour with an engineer/i);
    expect(qr).toMatch(/an hour with an engineer/i);
    expect(qr).not.toMatch(/30-minute/i);
  });
});

describe('administrators', () => {
  it('the consultation dashboard fits a phone', async () => {
    // At least one row to show.
    const sent = await supabaseClient().functions.invoke('submit-contact', {
      body: {
        name: 'Fiona Sinclair',
        email: uniqueEmail('fit'),
        subject: 'A long subject line about hosting several websites',
        message: 'Do you host WordPress sites?',
      },
    });
    expect(sent.error).toBeNull();
    const { page } = await startJourney(browser, phone);
    await signInAt(page, 'admin@pentland.test', 'pentland-admin', '/consultation-dashboard');
    const table = page.getByRole('region', { name: 'Consultations and contact messages' });
    await table
      .getByRole('button', { name: /^Open / })
      .first()
      .waitFor({ timeout: 20_000 });
    const [scroll, client] = await table.evaluate((t) => [t.scrollWidth, t.clientWidth]);
    expect(scroll).toBeLessThanOrEqual(client);
    expect(await pageWidth(page)).toBeLessThanOrEqual(375);
  }, 90_000);

  it('after "Add type" the form starts again, and pressing it twice stores one type', async () => {
    const { page } = await startJourney(browser);
    await signInAt(page, 'admin@pentland.test', 'pentland-admin', '/services/consultation-services');
    const form = page
      .getByRole('heading', { name: 'Add a consultation type' })
      .locator('xpath=ancestor::section[1]');
    const name = `Network survey ${Date.now()}`;
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Description').fill('A walk round your network.');
    // Hidden from the request form, so the other journeys' forms do not offer it.
    await form.getByLabel('Offer it on the request form').click();
    const add = form.getByRole('button', { name: 'Add type' });
    await add.click();
    await page.getByText(`${name} saved.`).waitFor();
    await expect.poll(() => form.getByLabel('Name').inputValue()).toBe('');
    expect(await form.getByLabel('Description').inputValue()).toBe('');
    await add.click();
    await form.getByText('Enter a name', { exact: true }).waitFor();
    // The same name again is refused.
    await form.getByLabel('Name').fill(name);
    await add.click();
    await form.getByText('A consultation type with this name already exists', { exact: true }).waitFor();
    const stored = await testSql<{ n: number }>(
      'select count(*)::int as n from public.consultation_services where name = $1',
      [name],
    );
    expect(stored[0]!.n).toBe(1);
    await testSql('delete from public.consultation_services where name = $1', [name]);
  }, 90_000);
});
