// Instant booking from the visitor's side in Chromium against the local backend: a free time booked on
// /consultation-request, the confirmation mail's invitation (REQUEST, SEQUENCE 0) and booking link; from that link
// the booking moved to another free time (REQUEST, same UID, SEQUENCE 1) and cancelled (CANCEL, same UID); the link
// afterwards says the booking is cancelled. Two visitors racing for one time: one books it, the other is told it
// was just taken and books one of the nearest free times offered. An administrator on the dashboard: a move onto
// another booking's time is refused naming that booking; a move and a cancellation mail the visitor the reason.
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { backend, testSql, uniqueEmail, waitForMail, type CaughtMail } from './helpers.ts';
import { signInAsAdmin, startJourney, url } from './e2e.ts';
import { browser } from './shared-browser.ts';

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

/** The request form filled in up to the consultation type (a type booked at once), on a fresh page. */
async function fillRequest(page: Page, name: string, email: string): Promise<Locator> {
  await page.goto(url('/consultation-request'));
  const form = page.getByRole('form', { name: 'Consultation request' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Phone').fill('07700 900456');
  await form.getByLabel('Domain & Hosting').click();
  await page.getByRole('radio', { name: 'Website and hosting check-up' }).check();
  return form;
}

/**
 * Picks a free time on a booking calendar, other than `except`: a day with free times (in this month or the next),
 * then one of its times, at random, so that journeys running side by side rarely want the same one.
 */
async function pickFreeTime(page: Page, calendar: Locator, except?: string | null): Promise<string> {
  return (await pickFreeDayAndTime(page, calendar, except)).time;
}

/** As pickFreeTime, with the day chosen ('YYYY-MM-DD'). */
async function pickFreeDayAndTime(
  page: Page,
  calendar: Locator,
  except?: string | null,
): Promise<{ day: string; time: string }> {
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
    const day = await calendar.locator('button[data-day][aria-pressed="true"]').getAttribute('data-day');
    return { day: day!, time: chosen };
  }
}

/** Picks a given day and time on a booking calendar (turning to the next month when the day is there). */
async function pickDayAndTime(page: Page, calendar: Locator, day: string, time: string): Promise<void> {
  await calendar.locator('button[data-day]').first().waitFor();
  await calendar.and(page.locator(':not([aria-busy])')).waitFor();
  if ((await calendar.locator(`button[data-day="${day}"]`).count()) === 0)
    await calendar.getByRole('button', { name: 'Next month' }).click();
  await calendar.locator(`button[data-day="${day}"]:not([aria-disabled])`).click();
  const times = calendar.getByRole('list', { name: /^Free times on / }).getByRole('button');
  await times.getByText(time, { exact: true }).click();
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
    await page.getByRole('radio', { name: 'Website and hosting check-up' }).check();
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

const justTaken = 'This time was just taken. Here are the nearest free times.';

describe('two visitors race for one time', () => {
  it('exactly one books it; the other is told it was just taken, shown the nearest free times, and books one', async () => {
    const visitors = await Promise.all([startJourney(browser), startJourney(browser)]);
    const emails = [uniqueEmail('race-first'), uniqueEmail('race-second')];
    const forms = await Promise.all(
      visitors.map((v, i) => fillRequest(v.page, ['Fiona Sinclair', 'Magnus Gunn'][i]!, emails[i]!)),
    );
    const calendars = visitors.map((v) => v.page.getByRole('region', { name: 'Choose a day and time' }));
    const { day, time } = await pickFreeDayAndTime(visitors[0]!.page, calendars[0]!);
    await pickDayAndTime(visitors[1]!.page, calendars[1]!, day, time);
    for (const v of visitors) await v.page.getByText(`Your time:`).waitFor();

    // Both press "Book consultation" at once.
    await Promise.all(forms.map((f) => f.getByRole('button', { name: 'Book consultation' }).click()));
    const reference = (page: Page) => page.getByText(/^PC-[0-9A-F]{8}$/);
    const outcome = async (page: Page) => {
      const taken = page.getByRole('alert').filter({ hasText: justTaken });
      await reference(page).or(taken).first().waitFor({ timeout: 30_000 });
      return (await reference(page).count()) > 0 ? 'booked' : 'taken';
    };
    const outcomes = await Promise.all(visitors.map((v) => outcome(v.page)));
    expect([...outcomes].sort()).toEqual(['booked', 'taken']);
    const winner = outcomes.indexOf('booked');
    const loser = 1 - winner;
    const lost = visitors[loser]!.page;

    // The nearest free times, offered as buttons; the loser takes the first and books it.
    const alert = lost.getByRole('alert').filter({ hasText: justTaken });
    const nearest = alert.getByRole('button');
    expect(await nearest.count()).toBeGreaterThan(0);
    const offered = (await nearest.first().textContent())!;
    await nearest.first().click();
    await lost.getByText(`Your time: ${offered}`).waitFor();
    await forms[loser]!.getByRole('button', { name: 'Book consultation' }).click();
    await reference(lost).waitFor();

    const refs = await Promise.all(visitors.map(async (v) => (await reference(v.page).textContent())!));
    await Promise.all(
      refs.map((ref, i) => waitForMail(emails[i]!, new RegExp(`Your consultation ${ref} is booked`))),
    );
    const rows = await testSql<{ reference: string; preferred_start: string }>(
      `select reference, preferred_start::text from public.consultations where reference = any($1) and status <> 'cancelled'`,
      [refs],
    );
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((r) => r.preferred_start)).size).toBe(2);
    // The raced time is booked once: by the winner.
    const raced = rows.find((r) => r.reference === refs[winner])!.preferred_start;
    const holders = await testSql<{ n: number }>(
      `select count(*)::int as n from public.consultations where preferred_start = $1::timestamptz and status <> 'cancelled'`,
      [raced],
    );
    expect(holders).toEqual([{ n: 1 }]);
    expect(visitors[winner]!.errors).toEqual([]);
    // The refusal the loser's page received is the only failed request of either.
    expect(visitors[loser]!.errors).toEqual([
      expect.stringMatching(/^HTTP 409 POST .*\/functions\/v1\/submit-consultation$/),
    ]);
  }, 180_000);
});

/** London 'YYYY-MM-DD' and 'HH:mm' of an instant. */
const ukDayAndTime = (iso: string) => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
};

describe('an administrator changes a booking from the dashboard', () => {
  it('a move onto another booking is refused naming it; a move and a cancellation mail the visitor the reason', async () => {
    const { url: api, anonKey } = backend();
    const headers = {
      apikey: anonKey,
      Authorization: `Bearer ${anonKey}`,
      'Content-Type': 'application/json',
    };
    const [type] = await testSql<{ id: string }>(
      `select id from public.consultation_services where slug = 'website-hosting-check-up'`,
    );
    const ahead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const slots = (
      (await (
        await fetch(
          `${api}/functions/v1/consultation-slots?type=${type!.id}&from=${ahead(3)}&to=${ahead(12)}`,
          { headers },
        )
      ).json()) as { slots: { start: string; end: string }[] }
    ).slots;
    // Three free times an hour or more apart, at random (journeys running side by side rarely want the same).
    const at = Math.floor(Math.random() * (slots.length - 12));
    const [mineAt, theirsAt, freeAt] = [slots[at]!, slots[at + 4]!, slots[at + 8]!];
    const book = async (slot: { start: string }, email: string) => {
      const res = await fetch(`${api}/functions/v1/submit-consultation`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          name: 'Catriona Bain',
          email,
          phone: '07700 900789',
          services: ['domain-hosting'],
          consultationType: type!.id,
          preferredSlot: slot.start,
        }),
      });
      const body = (await res.json()) as { reference?: string; error?: string };
      if (res.status !== 201) throw new Error(`booking failed: ${res.status} ${body.error}`);
      return body.reference!;
    };
    const email = uniqueEmail('admin-moves');
    const mine = await book(mineAt, email);
    const theirs = await book(theirsAt, uniqueEmail('admin-clash'));
    const booked = invitation(await waitForMail(email, new RegExp(`Your consultation ${mine} is booked`)));

    const { page, errors } = await startJourney(browser);
    await signInAsAdmin(page);
    await page.goto(url('/consultation-dashboard'));
    await page.getByRole('search', { name: 'Filter enquiries' }).getByLabel('Search').fill(mine);
    await page.getByRole('button', { name: `Open ${mine}` }).click();
    const change = page.getByRole('group', { name: 'Change the booking' });
    const moveTo = async (iso: string, reason: string) => {
      const { day, time } = ukDayAndTime(iso);
      await change.getByLabel(/^Reason for the visitor/).fill(reason);
      await change.getByLabel(/^New day/).fill(day);
      await change.getByLabel(/^New time/).fill(time);
      await change.getByRole('button', { name: 'Move booking' }).click();
    };

    await moveTo(theirsAt.start, 'Our engineer is away that morning.');
    await page
      .getByRole('alert')
      .filter({ hasText: `This time overlaps booking ${theirs} on ` })
      .waitFor();

    await moveTo(freeAt.start, 'Our engineer is away that morning.');
    await page
      .getByRole('status')
      .filter({ hasText: `${mine} is moved to ` })
      .waitFor();
    const movedMail = await waitForMail(email, new RegExp(`Your consultation ${mine} has moved`));
    expect(invitation(movedMail)).toEqual({ method: 'REQUEST', uid: booked.uid, sequence: 1 });
    expect(movedMail.text).toContain('Reason: Our engineer is away that morning.');

    await change.getByLabel(/^Reason for the visitor/).fill('The engineer is ill.');
    await change.getByRole('button', { name: 'Cancel booking' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `${mine} is cancelled` })
      .waitFor();
    await change.waitFor({ state: 'detached' });
    const cancelledMail = await waitForMail(email, new RegExp(`Your consultation ${mine} is cancelled`));
    expect(invitation(cancelledMail)).toMatchObject({ method: 'CANCEL', uid: booked.uid, sequence: 2 });
    expect(cancelledMail.text).toContain('Reason: The engineer is ill.');

    expect(errors).toEqual([expect.stringMatching(/^HTTP 409 POST .*\/functions\/v1\/manage-booking$/)]);
  }, 180_000);
});
