// Instant booking from the visitor's side in Chromium against the local backend: a free time booked on
// /consultation-request, the confirmation mail's invitation (REQUEST, SEQUENCE 0) and booking link; from that link
// the booking moved to another free time (REQUEST, same UID, SEQUENCE 1) and cancelled (CANCEL, same UID); the link
// afterwards says the booking is cancelled.
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { connectBrowser, uniqueEmail, waitForMail, type CaughtMail } from './helpers.ts';
import { startJourney, url } from './e2e.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The invitation attached to a mail: its METHOD, UID and SEQUENCE. */
function invitation(mail: CaughtMail) {
  const ics = mail.attachments.find((a) => a.filename.endsWith('.ics'));
  if (!ics) throw new Error(`no .ics in "${mail.subject}"`);
  const cal = new ICAL.Component(ICAL.parse(Buffer.from(ics.content, 'base64').toString()));
  const event = cal.getFirstSubcomponent('vevent')!;
  return {
    method: cal.getFirstPropertyValue('method'),
    uid: event.getFirstPropertyValue('uid'),
    sequence: event.getFirstPropertyValue('sequence'),
  };
}

/**
 * Picks a free time on a booking calendar, other than `except`: a day with free times (in this month or the next),
 * then one of its times, at random, so that journeys running side by side rarely want the same one.
 */
async function pickFreeTime(page: Page, calendar: Locator, except?: string | null): Promise<string> {
  const random = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)]!;
  const freeDays = calendar.locator('button[data-day]:not([aria-disabled])');
  await calendar.locator('button[data-day]').first().waitFor();
  await calendar.and(page.locator(':not([aria-busy])')).waitFor();
  if ((await freeDays.count()) === 0) {
    await calendar.getByRole('button', { name: 'Next month' }).click();
    await freeDays.first().waitFor();
  }
  const days = await freeDays.all();
  for (;;) {
    await random(days).click();
    const times = calendar.getByRole('list', { name: /^Free times on / }).getByRole('button');
    await times.first().waitFor();
    const choices = (await times.allTextContents()).filter((t) => t !== except);
    if (!choices.length) continue;
    const chosen = random(choices);
    await times.getByText(chosen, { exact: true }).click();
    return chosen;
  }
}

describe('booking → manage link → reschedule → cancel', () => {
  it('books a free time, moves it from the e-mail link and cancels it, each with its updated invitation', async () => {
    const { page, errors } = await startJourney(browser);
    await page.goto(url('/consultation-request'));
    const form = page.getByRole('form', { name: 'Consultation request' });
    const email = uniqueEmail('booking');
    await form.getByLabel('Name').fill('Magnus Gunn');
    await form.getByLabel('E-mail').fill(email);
    await form.getByLabel('Phone').fill('07700 900456');
    await form.getByLabel('Domain & Hosting').click();
    await page.getByRole('combobox', { name: 'Consultation type' }).click();
    await page.getByRole('option', { name: /Website and hosting check-up/ }).click();
    await pickFreeTime(page, page.getByRole('region', { name: 'Choose a day and time' }));
    await form.getByRole('button', { name: 'Book consultation' }).click();
    const reference = (await page.getByText(/^PC-[0-9A-F]{8}$/).textContent())!;

    const booked = await waitForMail(email, new RegExp(`Your consultation ${reference} is booked`));
    const first = invitation(booked);
    expect(first).toMatchObject({ method: 'REQUEST', sequence: 0 });
    const link = /use your booking link: (\S+\/bookings\/manage\?token=[\w-]+)/.exec(booked.text)?.[1];
    expect(link).toBeDefined();

    await page.goto(link!);
    await page.getByRole('heading', { name: 'Your consultation is booked' }).waitFor();
    await page.getByText(reference).waitFor();
    await page.getByRole('button', { name: 'Choose another time' }).click();
    const calendar = page.getByRole('region', { name: 'Choose another day and time' });
    await pickFreeTime(page, calendar);
    await page.getByRole('button', { name: 'Move my booking' }).click();
    const moved = invitation(
      await waitForMail(email, new RegExp(`Your consultation ${reference} has moved`)),
    );
    expect(moved).toEqual({ method: 'REQUEST', uid: first.uid, sequence: 1 });

    await page.getByRole('button', { name: 'Cancel booking' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel booking' }).click();
    await page.getByRole('heading', { name: 'This booking is cancelled' }).waitFor();
    const cancelled = invitation(
      await waitForMail(email, new RegExp(`Your consultation ${reference} is cancelled`)),
    );
    expect(cancelled).toMatchObject({ method: 'CANCEL', uid: first.uid });

    // The link from the first mail now says the booking is cancelled.
    await page.goto(link!);
    await page.getByRole('heading', { name: 'This booking is cancelled' }).waitFor();
    await page.getByText(reference).waitFor();
    expect(errors).toEqual([]);
  }, 120_000);
});
