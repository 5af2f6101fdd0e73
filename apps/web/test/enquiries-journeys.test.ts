// Issue 15's journeys in Chromium against the local backend: a package built, requested with, both e-mails in the
// mail catcher (the .ics attached), the administrator's workflow and CSV export; the contact form; the E-Board from
// submission to approval on the board and its display mode, and a rejection whose reason is mailed; bad input that
// shows its message and stores nothing.
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { parseCsv } from '@pentland/enquiries/csv';
import { backend, holdLiveBoard, londonToday, testSql, uniqueEmail, waitForMail } from './helpers.ts';
import { choose, signInAsAdmin, startJourney, url } from './e2e.ts';
import { browser } from './shared-browser.ts';

/**
 * The form submissions and uploads a page sends (its functions and Storage): a refused form sends none, so it stores
 * nothing. Watched per page, not by counting a table, since other journeys write the same tables meanwhile.
 */
function sentFrom(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/(functions\/v1\/submit-|storage\/v1\/object\/)/.test(r.url()))
      sent.push(r.url());
  });
  return sent;
}

describe('package → consultation → administrator', () => {
  it('builds a package, requests a consultation with it, mails both sides with the .ics, and the admin works it through to a CSV', async () => {
    // This journey is the request form's (a type the administrators set to "request only"); instant booking
    // has its own journeys.
    await testSql(
      `update public.consultation_services set booking_mode = 'request' where slug = 'cloud-readiness-review'`,
    );
    const { page, errors } = await startJourney(browser);
    await page.goto(url('/service-packages'));
    await page.getByLabel('Include Domain & Hosting').click();
    const monthly = page.getByRole('table', { name: 'Monthly total' });
    await expect.poll(() => monthly.textContent()).toContain('£45.00');
    await page.getByLabel('E-mail mailboxes').fill('8');
    await expect.poll(() => monthly.textContent()).toContain('£61.20');
    await expect
      .poll(() => new URL(page.url()).searchParams.get('package'))
      .toBe('domain-hosting.essential.m.u8');
    await page.getByRole('link', { name: 'Request a consultation with this package' }).click();
    await page.waitForURL((u) => u.pathname === '/consultation-request');

    const form = page.getByRole('form', { name: 'Consultation request' });
    await form.getByText('Package attached').waitFor();
    await expect.poll(() => form.getByLabel('Domain & Hosting').isChecked()).toBe(true);
    const email = uniqueEmail('consult');
    await form.getByLabel('Name').fill('Fiona Sinclair');
    await form.getByLabel('E-mail').fill(email);
    await form.getByLabel('Phone').fill('07700 900123');
    await page.getByRole('radio', { name: 'Cloud readiness review' }).check();
    await choose(page, 'Preferred day', /2026|2027|2028/);
    await choose(page, 'Preferred time (UK)', /^\d\d:\d\d$/);
    await form.getByRole('button', { name: 'Request consultation' }).click();
    const reference = (await page.getByText(/^PC-[0-9A-F]{8}$/).textContent())!;

    const mine = await waitForMail(email, new RegExp(`Your consultation request ${reference}`));
    const ics = mine.attachments.find((a) => a.filename.endsWith('.ics'))!;
    const event = new ICAL.Event(
      new ICAL.Component(ICAL.parse(Buffer.from(ics.content, 'base64').toString())).getFirstSubcomponent(
        'vevent',
      )!,
    );
    expect(event.summary).toContain(reference);
    const stored = await testSql<{ preferred_start: string; package: { lines: string[] } }>(
      `select preferred_start, package from public.consultations where reference = $1`,
      [reference],
    );
    expect(event.startDate.toJSDate().getTime()).toBe(new Date(stored[0]!.preferred_start).getTime());
    expect(stored[0]!.package.lines).toEqual([
      'Domain & Hosting — Essential, monthly, 8 mailboxes: £51.00 + VAT',
    ]);
    const company = await waitForMail(
      'hello@pentlandcloud.co.uk',
      new RegExp(`New consultation request ${reference}`),
    );
    expect(company.text).toContain(email);

    await signInAsAdmin(page);
    await page.goto(url('/consultation-dashboard'));
    await page.getByRole('searchbox', { name: 'Search' }).fill(reference);
    await page.getByRole('button', { name: `Open ${reference}` }).click();
    const detail = page.getByRole('region', { name: `Enquiry ${reference}` });
    for (const step of ['contacted', 'scheduled', 'completed']) {
      await detail.getByRole('button', { name: `Mark ${step}` }).click();
      await page.getByText(`${reference} is now ${step}.`).waitFor();
    }
    await detail.getByText('This enquiry is closed.').waitFor();
    await detail.getByLabel('Internal note').fill('Done and dusted.');
    await detail.getByRole('button', { name: 'Add note' }).click();
    await detail.getByRole('list', { name: 'Notes' }).getByText('Done and dusted.').waitFor();
    await detail
      .getByRole('list', { name: 'History' })
      .getByText('Scheduled → Completed by admin@pentland.test')
      .waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^enquiries-\d{4}-\d{2}-\d{2}\.csv$/);
    // Read from Chromium's own copy, which goes with the context (a saved copy was left in the temp folder).
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    const rows = parseCsv(Buffer.concat(chunks).toString('utf8'));
    expect(rows[0]!.slice(0, 6)).toEqual(['Reference', 'Kind', 'Received', 'Status', 'Name', 'E-mail']);
    expect(rows.slice(1)).toHaveLength(1);
    expect(rows[1]!.slice(0, 2)).toEqual([reference, 'Consultation']);
    expect(rows[1]![3]).toBe('Completed');
    expect(rows[1]![5]).toBe(email);
    // A backend without the consultation-slots function answers 404; the form then asks for a preferred time.
    const missingSlots = /^HTTP 404 GET \S+\/functions\/v1\/consultation-slots\?/;
    expect(errors.filter((e) => !e.includes('favicon') && !missingSlots.test(e))).toEqual([]);
  }, 120_000);

  it('the request form: every field empty, a tampered package and an unknown service show their messages and store nothing', async () => {
    const { page } = await startJourney(browser);
    const sent = sentFrom(page);
    await page.goto(
      url('/consultation-request?service=time-travel&package=quantum.gold.m~domain-hosting.essential.m.u-3'),
    );
    const form = page.getByRole('form', { name: 'Consultation request' });
    await form
      .getByText(
        "We don't offer a service called 'time-travel', so nothing was preselected; choose from the list below.",
        { exact: false },
      )
      .waitFor();
    await form
      .getByText("'quantum' is not one of our services, so it was removed.", { exact: false })
      .waitFor();
    await form.getByRole('button', { name: 'Request consultation' }).click();
    await form.getByText('Please correct the fields marked below').waitFor();
    await form.getByText('Enter your name', { exact: true }).waitFor();
    await form.getByText('Enter your phone number', { exact: true }).waitFor();
    await form.getByText('Choose a consultation type', { exact: true }).waitFor();
    await form.getByLabel('E-mail').fill('not-an-email');
    await form.getByLabel('Phone').fill('+33 1 23 45 67 89');
    await form.getByRole('button', { name: 'Request consultation' }).click();
    await form.getByText('Enter a valid e-mail address, like name@example.co.uk', { exact: true }).waitFor();
    await form
      .getByText('Enter a UK phone number, like 01847 123456 or 07700 900123', { exact: true })
      .waitFor();
    expect(sent).toEqual([]);
  });

  it('a service page’s link preselects its service', async () => {
    const { page } = await startJourney(browser);
    await page.goto(url('/consultation-request?service=dynamics-365'));
    await expect
      .poll(() => page.getByRole('checkbox', { name: 'Dynamics 365', exact: true }).isChecked())
      .toBe(true);
  });
});

describe('contact', () => {
  it('bad input shows its messages and stores nothing; a good message arrives with both e-mails', async () => {
    const { page } = await startJourney(browser);
    const sent = sentFrom(page);
    await page.goto(url('/contact'));
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByRole('button', { name: 'Send message' }).click();
    await form.getByText('Enter a subject', { exact: true }).waitFor();
    await form.getByText('Enter your message', { exact: true }).waitFor();
    expect(sent).toEqual([]);
    const email = uniqueEmail('contact');
    await form.getByLabel('Name').fill('Magnus Gunn');
    await form.getByLabel('E-mail').fill(email);
    await form.getByLabel('Subject').fill('Hosting');
    await form.getByLabel('Message').fill('Do you host WordPress sites?');
    await form.getByRole('button', { name: 'Send message' }).click();
    const reference = (await page.getByText(/^PM-[0-9A-F]{8}$/).textContent())!;
    await waitForMail(email, new RegExp(`We have your message ${reference}`));
    await waitForMail('hello@pentlandcloud.co.uk', new RegExp(`New contact message ${reference}`));
    expect(sent).toHaveLength(1);
    const stored = await testSql<{ n: number }>(
      'select count(*)::int as n from public.contact_messages where email = $1',
      [email],
    );
    expect(stored[0]!.n).toBe(1);
  });
});

/** A picture the browser draws (coloured bands), as a PNG. */
async function drawnPicture(page: Page, width: number, height: number): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ([w, h]) => {
      const canvas = document.createElement('canvas');
      canvas.width = w!;
      canvas.height = h!;
      const ctx = canvas.getContext('2d')!;
      ['#0b3d5c', '#e8a33d', '#3a7d44', '#c0392b'].forEach((colour, i) => {
        ctx.fillStyle = colour;
        ctx.fillRect((i * w!) / 4, 0, w! / 4, h!);
      });
      const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
      const bytes = new Uint8Array(await blob.arrayBuffer());
      return btoa(String.fromCharCode(...bytes));
    },
    [width, height],
  );
  return Buffer.from(base64, 'base64');
}

/** An image's decoded width once it has loaded (0 while it is loading or when it failed). */
const loadedWidth = (img: Locator) =>
  img.evaluate((el) => ((el as HTMLImageElement).complete ? (el as HTMLImageElement).naturalWidth : 0));

describe('E-Board', () => {
  async function submit(
    page: Page,
    title: string,
    email: string,
    image?: { name: string; mimeType: string; buffer: Buffer },
  ): Promise<string> {
    await page.goto(url('/eboard-submissions'));
    const form = page.getByRole('form', { name: 'E-Board submission' });
    if (image) {
      // A large photo is handed over and decoded by the page before it shows as chosen: slow on a busy machine.
      await form.getByLabel('Image').setInputFiles(image, { timeout: 30_000 });
      await form.getByText(`Chosen: ${image.name}`).waitFor({ timeout: 30_000 });
    }
    await form.getByLabel('Name').fill('Seaforth Darts');
    await form.getByLabel('E-mail').fill(email);
    await choose(page, 'Category', 'Sport and clubs');
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Message').fill('Come and throw a few darts on Thursday.');
    const today = londonToday();
    await form.getByLabel('First day').fill(today);
    await form.getByLabel('Last day').fill(today);
    await form.getByRole('button', { name: 'Submit entry' }).click();
    // Sending includes the picture's upload: up to 30 s on a busy machine before the reference shows.
    return (await page.getByText(/^EB-[0-9A-F]{8}$/).textContent({ timeout: 30_000 }))!;
  }

  it('submit → the administrator approves → on /eboard-welcome and in display mode; a rejection mails its reason', async () => {
    await holdLiveBoard();
    const visitor = await startJourney(browser);
    const email = uniqueEmail('eboard');
    const title = `Open night ${Date.now()}`;
    const reference = await submit(visitor.page, title, email);
    await waitForMail(email, new RegExp(`Your E-Board entry ${reference}`));
    const rejectedTitle = `Duplicate ${Date.now()}`;
    const rejectedRef = await submit(visitor.page, rejectedTitle, email);

    const display = await startJourney(browser);
    await display.page.goto(url('/eboard-welcome?display=1'));
    await display.page.getByRole('region', { name: 'E-Board display' }).waitFor();

    const admin = await startJourney(browser);
    await signInAsAdmin(admin.page);
    await admin.page.goto(url('/eboard-dashboard'));
    await admin.page.getByRole('button', { name: `Approve ${reference}` }).click();
    await admin.page.getByText(`${reference}: done.`).waitFor();
    const approvedAt = Date.now();
    // The screen that was already running shows it within 5 s, without a reload (the database broadcasts the
    // approval over Realtime and the display jumps to a newly approved entry; the admin's confirmation arrives after
    // the approval is committed).
    await display.page.getByRole('heading', { name: title }).waitFor({ timeout: 10_000 });
    expect(Date.now() - approvedAt).toBeLessThan(5_000);

    await visitor.page.goto(url('/eboard-welcome'));
    await visitor.page
      .getByRole('list', { name: 'On the E-Board now' })
      .getByRole('heading', { name: title })
      .waitFor();

    await admin.page.getByRole('checkbox', { name: `Select ${rejectedRef}` }).click();
    await admin.page.getByLabel('Reason for rejection').fill('This repeats an entry already on the board.');
    await admin.page.getByRole('button', { name: 'Reject selected' }).click();
    await admin.page.getByText(`${rejectedRef}: done.`).waitFor();
    const rejection = await waitForMail(
      email,
      new RegExp(`Your E-Board entry ${rejectedRef} was not approved`),
    );
    expect(rejection.text).toContain('This repeats an entry already on the board.');
    await visitor.page.reload();
    await visitor.page
      .getByRole('list', { name: 'On the E-Board now' })
      .getByRole('heading', { name: title })
      .waitFor();
    expect(await visitor.page.getByRole('heading', { name: rejectedTitle }).count()).toBe(0);
  }, 120_000);

  it('the moderator sees an entry’s picture and message in the list and the editor before approving', async () => {
    const visitor = await startJourney(browser);
    await visitor.page.goto(url('/eboard-submissions'));
    const picture = await drawnPicture(visitor.page, 640, 360);
    const title = `Pictured ${Date.now()}`;
    const reference = await submit(visitor.page, title, uniqueEmail('eboard-picture'), {
      name: 'poster.png',
      mimeType: 'image/png',
      buffer: picture,
    });

    const admin = await startJourney(browser);
    await signInAsAdmin(admin.page);
    await admin.page.goto(url('/eboard-dashboard'));
    const row = admin.page.getByRole('row').filter({ hasText: reference });
    await row.getByText('Come and throw a few darts on Thursday.').waitFor();
    const thumbnail = row.getByAltText(`Picture sent with ${reference}`);
    await expect.poll(() => loadedWidth(thumbnail), { timeout: 15_000 }).toBeGreaterThan(0);
    // The thumbnail opens the picture larger.
    await row.getByRole('button', { name: `Enlarge the picture of ${reference}` }).click();
    const dialog = admin.page.getByRole('dialog', { name: `Picture sent with ${reference}` });
    const large = dialog.getByRole('img', { name: `Picture sent with ${reference}` });
    await expect.poll(() => loadedWidth(large), { timeout: 15_000 }).toBe(640);
    expect((await large.boundingBox())!.width).toBeGreaterThan(300);
    await dialog.getByRole('button', { name: 'Close' }).click();

    await admin.page.getByRole('button', { name: `Edit ${reference}` }).click();
    const editor = admin.page.getByRole('region', { name: `Edit ${reference}` });
    const inEditor = editor.getByRole('img', { name: `Picture sent with ${reference}` });
    await expect.poll(() => loadedWidth(inEditor), { timeout: 15_000 }).toBe(640);
    expect((await inEditor.boundingBox())!.width).toBeGreaterThan(300);
    // Still waiting for moderation: the visitor's browser cannot load what the moderator sees.
    const src = (await inEditor.getAttribute('src'))!;
    const [row0] = await testSql<{ image_url: string; status: string }>(
      `select image_url, status from public.eboard_submissions where reference = $1`,
      [reference],
    );
    expect(row0!.status).toBe('pending');
    expect(
      await visitor.page.evaluate(async (u) => (await fetch(u)).status, row0!.image_url),
    ).toBeGreaterThanOrEqual(400);
    expect(src).not.toBe(row0!.image_url);
    expect(admin.errors).toEqual([]);
  }, 120_000);

  it('a photo larger than the screen and the 2 MB limit is scaled down in the browser and accepted', async () => {
    const { page, errors } = await startJourney(browser);
    await page.goto(url('/eboard-submissions'));
    // A 4000 × 3000 JPEG photo of more than 2 MB, drawn by the browser (smooth colours with fine grain).
    const photo = Buffer.from(
      await page.evaluate(async () => {
        const canvas = document.createElement('canvas');
        canvas.width = 4000;
        canvas.height = 3000;
        const ctx = canvas.getContext('2d')!;
        const image = ctx.createImageData(4000, 3000);
        for (let i = 0; i < image.data.length; i += 4) {
          const p = i / 4;
          const x = p % 4000;
          const y = Math.floor(p / 4000);
          const grain = Math.random() * 48;
          image.data.set(
            [(x / 16 + grain) & 255, (y / 12 + grain) & 255, ((x + y) / 28 + grain) & 255, 255],
            i,
          );
        }
        ctx.putImageData(image, 0, 0);
        const blob = await new Promise<Blob>((resolve) =>
          canvas.toBlob((b) => resolve(b!), 'image/jpeg', 0.95),
        );
        const bytes = new Uint8Array(await blob.arrayBuffer());
        let text = '';
        for (let i = 0; i < bytes.length; i += 0x8000)
          text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
        return btoa(text);
      }),
      'base64',
    );
    expect(photo.length).toBeGreaterThan(2 * 1024 * 1024);
    const reference = await submit(page, `Big photo ${Date.now()}`, uniqueEmail('eboard-photo'), {
      name: 'photo.jpg',
      mimeType: 'image/jpeg',
      buffer: photo,
    });
    const [row] = await testSql<{ image_url: string }>(
      `select image_url from public.eboard_submissions where reference = $1`,
      [reference],
    );
    // Waiting for moderation, the picture is private: the visitor's page cannot fetch it; the service role can.
    expect(
      await page.evaluate(async (src) => (await fetch(src)).status, row!.image_url),
    ).toBeGreaterThanOrEqual(400);
    const { url: apiUrl, serviceRoleKey } = backend();
    const path = row!.image_url.split('/object/authenticated/')[1]!;
    const original = await fetch(`${apiUrl}/storage/v1/object/${path}`, {
      headers: { apikey: serviceRoleKey, Authorization: `Bearer ${serviceRoleKey}` },
    });
    expect(original.status).toBe(200);
    const stored = await page.evaluate(
      async ({ base64, type }) => {
        const blob = new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], { type });
        const bitmap = await createImageBitmap(blob);
        return { size: blob.size, type: blob.type, width: bitmap.width, height: bitmap.height };
      },
      {
        base64: Buffer.from(await original.arrayBuffer()).toString('base64'),
        type: original.headers.get('content-type')!,
      },
    );
    expect(stored).toMatchObject({ type: 'image/jpeg', width: 1920, height: 1440 });
    expect(stored.size).toBeLessThanOrEqual(2 * 1024 * 1024);
    // The one refused request is the page's own try at the private picture above.
    expect(errors.filter((e) => !e.endsWith(row!.image_url))).toEqual([]);
    // Drawing, encoding and scaling a 12-megapixel photo in the browser takes most of the default 30 s on a busy
    // two-core machine: the time limit is not what this journey asserts.
  }, 90_000);

  it('bad input and a wrong image show their messages and store nothing', async () => {
    const { page } = await startJourney(browser);
    const sent = sentFrom(page);
    await page.goto(url('/eboard-submissions'));
    const form = page.getByRole('form', { name: 'E-Board submission' });
    await form.getByRole('button', { name: 'Submit entry' }).click();
    await form.getByText('Enter a title', { exact: true }).waitFor();
    await form.getByText('Choose the first day to show your entry', { exact: true }).waitFor();
    await form.getByLabel('Image').setInputFiles({
      name: 'notice.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    });
    await form.getByText('The image must be a JPEG, PNG or WebP file', { exact: true }).waitFor();
    await form
      .getByLabel('Image')
      .setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(2 * 1024 * 1024 + 1) });
    await form
      .getByText('This file is not a picture we can use — choose a JPEG, PNG or WebP image.', { exact: true })
      .waitFor();
    expect(sent).toEqual([]);
  });
});
