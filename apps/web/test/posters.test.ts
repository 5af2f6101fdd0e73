// Issue 16's poster journeys in Chromium against the local backend: create from a template, edit, save, reopen,
// export PNG and PDF at print size, decode the exported QR code and follow it as a visitor, see the scan counted
// once in analytics; an E-Board call poster's QR code (which leads to /eboard-welcome) counted the same way; and the
// landing pages with unknown or malformed poster ids.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import jsQR from 'jsqr';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { parsePoster, trackingUrl } from '@pentland/poster';
import { authForm, startJourney, submitSignIn, url } from './e2e.ts';
import { baseUrl, createConfirmedUser, londonToday, signedInUser, testSql, uniqueEmail } from './helpers.ts';
import { browser } from './shared-browser.ts';

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto(url('/auth'));
  await submitSignIn(authForm(page), email, password);
  await page.waitForURL(url('/welcome'));
}

/** A small PNG picture made here (red with a blue square), as a user's photo would be. */
function photo(): Buffer {
  const png = new PNG({ width: 120, height: 80 });
  for (let y = 0; y < 80; y++)
    for (let x = 0; x < 120; x++) {
      const i = (y * 120 + x) * 4;
      const blue = x > 40 && x < 80 && y > 20 && y < 60;
      png.data.set(blue ? [29, 78, 216, 255] : [185, 28, 28, 255], i);
    }
  return PNG.sync.write(png);
}

const layers = (page: Page) => page.getByRole('region', { name: 'Layers' });
const saved = (page: Page) => page.locator('[data-save-state="saved"]').waitFor({ timeout: 15_000 });

async function downloadOf(page: Page, button: string): Promise<Buffer> {
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 20_000 }),
    page.getByRole('button', { name: button, exact: true }).click(),
  ]);
  // The browser runs in the global setup's process: read the file through the connection.
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('poster creator', () => {
  it('creates a poster from a template, adds text and an image, saves, reopens, exports PNG and PDF; the QR code leads to a counted scan', async () => {
    const email = uniqueEmail('poster');
    await createConfirmedUser(email, 'poster-pass-1', 'Fiona Poster');
    const { page, errors, context } = await startJourney(browser, { width: 1400, height: 1000 });
    await signIn(page, email, 'poster-pass-1');

    await page.goto(url('/poster-creator'));
    await page.getByText('No posters yet.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Use template for Event' }).click();
    await page.waitForURL(/\/poster-creator\?poster=[0-9a-f-]{36}$/);
    const posterId = new URL(page.url()).searchParams.get('poster')!;
    const canvas = page.locator('[data-poster-stage] .konvajs-content');
    await canvas.waitFor();

    // Text: added from the toolbar, then written in the properties panel.
    await page.getByRole('button', { name: 'Text', exact: true }).click();
    await page.getByLabel('Text', { exact: true }).fill('Harbour open day');
    // An image: uploaded to the poster-images bucket and placed on the page.
    await page
      .getByLabel('Image', { exact: true })
      .setInputFiles({ name: 'harbour.png', mimeType: 'image/png', buffer: photo() });
    await layers(page).getByRole('button', { name: 'harbour.png', exact: true }).waitFor({ timeout: 15_000 });
    // A file that is not an image is refused with a message and adds nothing.
    await page
      .getByLabel('Image', { exact: true })
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
    await page.getByText('notes.txt is not a PNG, JPEG, WebP or GIF image.').waitFor();
    await saved(page);

    // Undo and redo through the keyboard (focus on the canvas region).
    await canvas.click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Control+z');
    await layers(page)
      .getByRole('button', { name: 'harbour.png', exact: true })
      .waitFor({ state: 'detached' });
    await page.keyboard.press('Control+Shift+z');
    await layers(page).getByRole('button', { name: 'harbour.png', exact: true }).waitFor();
    await saved(page);

    const [row] = await testSql<{ design: { layers: { kind: string; text?: string; src?: string }[] } }>(
      'select design from public.posters where id = $1',
      [posterId],
    );
    expect(row!.design.layers.some((l) => l.kind === 'text' && l.text === 'Harbour open day')).toBe(true);
    const image = row!.design.layers.find((l) => l.kind === 'image')!;
    expect(image.src).toMatch(/^[0-9a-f-]{36}\/\d+-[0-9a-f]{12}\.png$/);

    // Reopen: the same layers come back from the database.
    await page.reload();
    await layers(page).getByRole('button', { name: 'harbour.png', exact: true }).waitFor();
    await layers(page).getByRole('button', { name: 'Text', exact: true }).waitFor();

    // PNG at 300 dpi: A4 portrait is 2480 × 3508 pixels.
    const pngBytes = await downloadOf(page, 'Export PNG');
    const png = PNG.sync.read(pngBytes);
    expect([png.width, png.height]).toEqual([2480, 3508]);
    // The print resolution is recorded in the file (pHYs: 11811 pixels per metre = 300 dpi).
    const phys = pngBytes.indexOf(Buffer.from('pHYs'));
    expect(phys).toBeGreaterThan(0);
    expect(pngBytes.readUInt32BE(phys + 4)).toBe(11811);

    // PDF: one A4 page (595.28 × 841.89 pt) with the fonts embedded.
    const pdfBytes = await downloadOf(page, 'Export PDF');
    const pdf = await PDFDocument.load(pdfBytes);
    expect(pdf.getPageCount()).toBe(1);
    const { width, height } = pdf.getPage(0).getSize();
    expect(width).toBeCloseTo(595.28, 1);
    expect(height).toBeCloseTo(841.89, 1);
    const embedded = pdf.context
      .enumerateIndirectObjects()
      .map(([, obj]) => obj)
      .filter(
        (obj): obj is PDFDict =>
          obj instanceof PDFDict && obj.get(PDFName.of('Type')) === PDFName.of('FontDescriptor'),
      )
      .filter((d) => ['FontFile', 'FontFile2', 'FontFile3'].some((k) => d.get(PDFName.of(k))))
      .map((d) => String(d.get(PDFName.of('FontName'))));
    expect(embedded.length).toBeGreaterThan(0);
    expect(embedded.every((name) => /Inter/.test(name))).toBe(true);

    // The QR code in the exported PNG (the Event template puts it at 140,222 mm, 50 mm wide) decodes to the
    // tracking URL of this poster on this site.
    const mm = 2480 / 210;
    const [x0, y0, side] = [Math.round(130 * mm), Math.round(212 * mm), Math.round(70 * mm)];
    const crop = new Uint8ClampedArray(side * side * 4);
    for (let y = 0; y < side; y++)
      crop.set(
        png.data.subarray(((y0 + y) * png.width + x0) * 4, ((y0 + y) * png.width + x0 + side) * 4),
        y * side * 4,
      );
    const code = jsQR(crop, side, side);
    expect(code?.data).toBe(url(`/qr-welcome?poster=${posterId}&utm_source=poster&utm_medium=qr`));

    // A visitor follows it twice in quick succession: one scan.
    const visitor = await startJourney(browser, { width: 390, height: 844 });
    for (let i = 0; i < 2; i++) {
      await visitor.page.goto(code!.data);
      expect(await visitor.page.getByRole('heading', { level: 1 }).textContent()).toMatch(
        /IT that works as hard as you do/,
      );
    }
    await expect
      .poll(
        async () =>
          (await testSql('select 1 from public.poster_scans where poster_id = $1', [posterId])).length,
        {
          timeout: 10_000,
        },
      )
      .toBe(1);
    await new Promise((r) => setTimeout(r, 1000));
    const scans = await testSql<{ landing: string; source: string; visitor_hash: string }>(
      'select landing, source, visitor_hash from public.poster_scans where poster_id = $1',
      [posterId],
    );
    expect(scans).toHaveLength(1);
    expect(scans[0]).toMatchObject({ landing: '/qr-welcome', source: 'poster' });
    expect(scans[0]!.visitor_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();

    // The owner sees it in analytics.
    await page.goto(url('/poster-analytics'));
    const perLanding = page.getByRole('table', { name: 'By landing page' });
    await perLanding.getByRole('row', { name: 'QR welcome 1 1' }).waitFor();
    await page
      .getByRole('table', { name: 'By poster' })
      .getByRole('row', { name: /^Event poster 1 1$/ })
      .waitFor();

    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});

describe('QR landing pages', () => {
  it('count a visit to /eboard-welcome from an E-Board call poster’s QR code as that poster’s scan', async () => {
    // The owner makes a poster from the 'E-Board call' template, as the creator does.
    const owner = await signedInUser('eboard-poster');
    const template = await owner.client
      .from('poster_templates')
      .select('title, design')
      .eq('id', 'eboard-call')
      .single();
    expect(template.error).toBeNull();
    const created = await owner.client
      .from('posters')
      .insert({ title: 'E-Board call poster', design: template.data!.design, template_id: 'eboard-call' })
      .select('id')
      .single();
    expect(created.error).toBeNull();
    const posterId = created.data!.id as string;
    // Its QR code leads where the template's QR layer says, with this poster's id.
    const landings = parsePoster(template.data!.design).layers.flatMap((l) =>
      l.kind === 'qr' ? [l.landing] : [],
    );
    expect(landings).toEqual(['/eboard-welcome']);
    const target = trackingUrl({ origin: baseUrl(), landing: landings[0]!, posterId });

    const visitor = await startJourney(browser, { width: 390, height: 844 });
    await visitor.page.goto(target);
    await visitor.page.getByRole('heading', { level: 1, name: 'Welcome to the E-Board' }).waitFor();

    // The owner's analytics count it, on the E-Board welcome page.
    const today = londonToday();
    const stats = async () => {
      const { data, error } = await owner.client.rpc('poster_scan_stats', {
        poster: posterId,
        from_date: today,
        to_date: today,
      });
      if (error) throw new Error(error.message);
      return data as { scans: number; by_landing: { landing: string; scans: number }[] };
    };
    await expect.poll(async () => (await stats()).scans, { timeout: 10_000 }).toBe(1);
    expect((await stats()).by_landing).toMatchObject([{ landing: '/eboard-welcome', scans: 1 }]);
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();
  }, 60_000);

  it('the E-Board display’s QR code leads to the submission form; its scans count apart; nonsense falls back', async () => {
    const owner = await signedInUser('eboard-display');
    const template = await owner.client
      .from('poster_templates')
      .select('design')
      .eq('id', 'eboard-call')
      .single();
    expect(template.error).toBeNull();
    const created = await owner.client
      .from('posters')
      .insert({ title: 'E-Board display', design: template.data!.design, template_id: 'eboard-call' })
      .select('id')
      .single();
    expect(created.error).toBeNull();
    const posterId = created.data!.id as string;
    const qrOf = async (page: Page) => {
      const svg = page
        .getByRole('region', { name: 'E-Board display' })
        .getByRole('img', { name: 'QR code: submit an entry to the E-Board' });
      const png = PNG.sync.read(await svg.screenshot());
      return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
    };

    // The screen set up with the poster: its QR code carries the poster and the display's own source.
    const display = await startJourney(browser);
    await display.page.goto(url(`/eboard-welcome?display=1&qr=${posterId}`));
    const target = await qrOf(display.page);
    expect(target).toBe(
      url(`/eboard-submissions?poster=${posterId}&utm_source=eboard-display&utm_medium=qr`),
    );
    // The screen's count and timer are still there.
    await display.page
      .getByRole('region', { name: 'E-Board display' })
      .getByText(/^(\d+ of \d+|No entries)$/)
      .waitFor();

    // A visitor scans it: the form, and one scan in the poster's analytics, on the form, from the display.
    const visitor = await startJourney(browser, { width: 390, height: 844 });
    await visitor.page.goto(target!);
    await visitor.page.getByRole('heading', { level: 1, name: 'E-Board Submissions' }).waitFor();
    const today = londonToday();
    const stats = async () => {
      const { data, error } = await owner.client.rpc('poster_scan_stats', {
        poster: posterId,
        from_date: today,
        to_date: today,
      });
      if (error) throw new Error(error.message);
      return data as {
        scans: number;
        by_landing: { landing: string; scans: number }[];
        by_source: { source: string; scans: number }[];
      };
    };
    await expect.poll(async () => (await stats()).scans, { timeout: 10_000 }).toBe(1);
    expect((await stats()).by_landing).toMatchObject([{ landing: '/eboard-submissions', scans: 1 }]);
    expect((await stats()).by_source).toMatchObject([{ source: 'eboard-display', scans: 1 }]);
    expect(visitor.errors).toEqual([]);

    // Nonsense in the display's address: the default display, whose QR code leads to the form untracked.
    for (const query of ['display=1&qr=not-a-poster&interval=-5&x=%E0%A4%A', 'display=1&qr=&display=2']) {
      await display.page.goto(url(`/eboard-welcome?${query}`));
      expect(await qrOf(display.page), query).toBe(
        url('/eboard-submissions?utm_source=eboard-display&utm_medium=qr'),
      );
    }
    expect(display.errors).toEqual([]);
    await Promise.all([display.context.close(), visitor.context.close()]);
  }, 90_000);

  it('show the page and record nothing for an unknown or malformed poster id', async () => {
    // This journey's visits carry their own utm_source, so its scans — there must be none — are told from the scans
    // other journeys record meanwhile.
    const marker = `qr-${randomUUID().slice(0, 8)}`;
    const { page, errors, context } = await startJourney(browser);
    for (const path of [
      `/qr-welcome?poster=00000000-0000-4000-8000-000000000000&utm_source=${marker}`,
      `/qr-welcome?poster=1'%20or%201=1&utm_source=${marker}`,
      `/seaforth-darts-welcome?poster=not-a-uuid&utm_source=${marker}`,
      `/seaforth-darts-welcome?utm_source=${marker}`,
    ]) {
      const response = await page.goto(url(path));
      expect(response?.status(), path).toBe(200);
      await page.getByRole('link', { name: 'Request a free consultation' }).first().waitFor();
    }
    await new Promise((r) => setTimeout(r, 1500));
    const recorded = await testSql<{ n: number }>(
      'select count(*)::int as n from public.poster_scans where source = $1',
      [marker],
    );
    expect(recorded[0]!.n).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
