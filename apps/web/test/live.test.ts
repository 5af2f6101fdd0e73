// The site's live parts over Realtime, in Chromium against the local backend: the E-Board display shows an entry
// approved in another browser within seconds and drops one taken off the board, without a reload; a new
// consultation request and contact message appear on an administrator's open dashboard while the open dashboard of
// someone who is no longer an administrator receives nothing (RLS decides); a scan appears on the owner's open
// poster analytics; the display notices within 10 s that the network is gone (its stored board, after a reload with
// the backend or the network down, is display-stored.test.ts). Each page's fallback polling
// is far slower than the times asserted here (10 s for the display, 30 s for the dashboards and analytics), so
// passing needs the live channel.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { bookableDays } from '@pentland/enquiries';
import { scottishBankHoliday } from '@pentland/enquiries/holidays';
import { authForm, startJourney, submitSignIn, url } from './e2e.ts';
import { backend, createConfirmedUser, londonToday, testSql, uniqueEmail } from './helpers.ts';
import { browser } from './shared-browser.ts';

/** Within this long of the change (the pages' fallback polling is slower). */
const LIVE_MS = 5_000;

interface Frames {
  /** Resolves once Realtime has accepted the join of `topic` (its phx_reply with status ok). */
  joined: (topic: string) => Promise<void>;
  /** Every frame the page received over Realtime, as text. */
  received: string[];
}

/** Watches the page's Realtime WebSocket (/realtime/v1/websocket) frames. */
function realtimeFrames(page: Page): Frames {
  const received: string[] = [];
  const joins = new Set<string>();
  const waiting: { topic: string; resolve: () => void }[] = [];
  page.on('websocket', (ws) => {
    if (!ws.url().includes('/realtime/v1/websocket')) return;
    ws.on('framereceived', ({ payload }) => {
      const text = typeof payload === 'string' ? payload : Buffer.from(payload).toString('utf8');
      received.push(text);
      let msg: unknown;
      try {
        msg = JSON.parse(text);
      } catch {
        return; // a binary broadcast frame
      }
      // Serializer 2.0.0: [join_ref, ref, topic, event, payload]; 1.0.0: { topic, event, payload, ref }.
      const [joinRef, ref, topic, event, body] = Array.isArray(msg)
        ? msg
        : [
            null,
            (msg as { ref: unknown }).ref,
            (msg as { topic: string }).topic,
            (msg as { event: string }).event,
            (msg as { payload: unknown }).payload,
          ];
      if (
        event === 'phx_reply' &&
        (body as { status?: string }).status === 'ok' &&
        (joinRef === null || joinRef === ref)
      ) {
        joins.add(topic as string);
        for (const w of waiting.filter((x) => x.topic === topic)) w.resolve();
      }
    });
  });
  return {
    received,
    joined: (topic) =>
      joins.has(`realtime:${topic}`)
        ? Promise.resolve()
        : new Promise<void>((resolve, reject) => {
            waiting.push({ topic: `realtime:${topic}`, resolve });
            setTimeout(() => reject(new Error(`the page never joined realtime:${topic}`)), 15_000);
          }),
  };
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto(url('/auth'));
  await submitSignIn(authForm(page), email, password);
  await page.waitForURL((u) => u.pathname === '/welcome');
}

/** A new user who is an administrator in the database. */
async function newAdmin(): Promise<{ id: string; email: string; password: string }> {
  const email = uniqueEmail('live-admin');
  const password = 'live-admin-pass';
  const id = await createConfirmedUser(email, password, 'Live Admin');
  await testSql('insert into public.admin_users (user_id) values ($1)', [id]);
  return { id, email, password };
}

async function callFunction<T>(name: string, body: unknown): Promise<T> {
  const { url: backendUrl, anonKey } = backend();
  const res = await fetch(`${backendUrl}/functions/v1/${name}`, {
    method: 'POST',
    headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as T;
  if (!res.ok) throw new Error(`${name}: ${res.status} ${JSON.stringify(answer)}`);
  return answer;
}

describe('E-Board display', () => {
  it('shows an entry approved in another browser within 5 s and drops it when archived, without a reload', async () => {
    const title = `Live ceilidh ${Date.now()}`;
    const [entry] = await testSql<{ id: string; reference: string }>(
      `insert into public.eboard_submissions (title, description, category, contact_name, contact_email, display_from, display_until)
       values ($1, 'Friday in the hall.', 'events', 'Thurso Hall', 'hidden-live@example.test', $2, $2) returning id, reference`,
      [title, londonToday()],
    );

    const display = await startJourney(browser);
    const frames = realtimeFrames(display.page);
    await display.page.goto(url('/eboard-welcome?display=1'));
    await display.page.getByRole('region', { name: 'E-Board display' }).waitFor();
    await frames.joined('eboard');
    let reloaded = false;
    display.page.on('framenavigated', (f) => {
      if (f === display.page.mainFrame()) reloaded = true;
    });

    const admin = await startJourney(browser);
    const me = await newAdmin();
    await signIn(admin.page, me.email, me.password);
    await admin.page.goto(url('/eboard-dashboard'));
    await admin.page.getByRole('button', { name: `Approve ${entry!.reference}` }).click();
    await admin.page.getByText(`${entry!.reference}: done.`).waitFor();
    const approvedAt = Date.now();
    await display.page.getByRole('heading', { name: title }).waitFor({ timeout: 10_000 });
    expect(Date.now() - approvedAt).toBeLessThan(LIVE_MS);
    // The broadcast that told it carries the board's columns, never the submitter's e-mail.
    expect(frames.received.some((f) => f.includes(title))).toBe(true);
    expect(frames.received.join('\n')).not.toContain('hidden-live@example.test');

    await testSql(`update public.eboard_submissions set status = 'archived' where id = $1`, [entry!.id]);
    const archivedAt = Date.now();
    await display.page.getByRole('heading', { name: title }).waitFor({ state: 'detached', timeout: 10_000 });
    expect(Date.now() - archivedAt).toBeLessThan(LIVE_MS);
    expect(reloaded).toBe(false);
    expect(display.errors).toEqual([]);
    await display.context.close();
    await admin.context.close();
  }, 90_000);

  it('without Realtime it says so, still shows approvals by re-reading the board, and goes live again by itself', async () => {
    const title = `Fallback quiz ${Date.now()}`;
    const [entry] = await testSql<{ id: string }>(
      `insert into public.eboard_submissions (title, description, category, contact_name, contact_email, display_from, display_until)
       values ($1, 'Thursday at the hotel.', 'events', 'Quiz Club', 'quiz@example.test', $2, $2) returning id`,
      [title, londonToday()],
    );
    const display = await startJourney(browser);
    // The backend's Realtime endpoint is unreachable for this screen (every WebSocket to it is closed at once)
    // until `blocked` is lifted; then they pass through to the backend.
    let blocked = true;
    await display.context.routeWebSocket(/\/realtime\/v1\/websocket/, (ws) => {
      if (blocked) void ws.close({ code: 1011, reason: 'unreachable' });
      else ws.connectToServer();
    });
    const boardReads = () =>
      display.page.waitForResponse((r) => r.url().includes('/rest/v1/eboard_board') && r.ok(), {
        timeout: 20_000,
      });
    const firstRead = boardReads();
    await display.page.goto(url('/eboard-welcome?display=1'));
    const status = display.page.getByRole('region', { name: 'E-Board display' }).getByRole('status');
    await expect.poll(() => status.textContent(), { timeout: 15_000 }).toBe('Reconnecting…');
    await firstRead;
    expect(await display.page.getByRole('heading', { name: title }).count()).toBe(0);

    await testSql(`update public.eboard_submissions set status = 'approved' where id = $1`, [entry!.id]);
    // Nothing is announced to this screen: the next read of the board (its fallback) shows the entry.
    await boardReads();
    // The fallback re-reads the board every 10 s.
    await display.page.getByRole('heading', { name: title }).waitFor({ timeout: 15_000 });

    blocked = false;
    await expect.poll(() => status.textContent(), { timeout: 30_000 }).toBe('Live');
    await testSql(`update public.eboard_submissions set status = 'archived' where id = $1`, [entry!.id]);
    const archivedAt = Date.now();
    await display.page.getByRole('heading', { name: title }).waitFor({ state: 'detached', timeout: 10_000 });
    expect(Date.now() - archivedAt).toBeLessThan(LIVE_MS);
    await display.context.close();
  }, 120_000);
});

describe('E-Board display offline', () => {
  it('notices within 10 s that the network is gone, says so, and goes live again by itself', async () => {
    const display = await startJourney(browser);
    // Between this screen and the backend's Realtime: frames pass while `reachable`; while not, the open connection
    // stays open but nothing gets through either way (a network gone without a word: no close, no error), and a new
    // connection is refused.
    let reachable = true;
    let markJoined = () => {};
    const joined = new Promise<void>((resolve) => (markJoined = () => resolve()));
    await display.context.routeWebSocket(/\/realtime\/v1\/websocket/, (ws) => {
      if (!reachable) {
        void ws.close({ code: 1011, reason: 'unreachable' });
        return;
      }
      const server = ws.connectToServer();
      ws.onMessage((m) => {
        if (reachable) server.send(m);
      });
      server.onMessage((m) => {
        if (!reachable) return;
        ws.send(m);
        if (
          typeof m === 'string' &&
          m.includes('realtime:eboard') &&
          m.includes('phx_reply') &&
          m.includes('"ok"')
        )
          markJoined();
      });
    });
    await display.page.goto(url('/eboard-welcome?display=1'));
    const status = display.page.getByRole('region', { name: 'E-Board display' }).getByRole('status');
    await joined;
    await expect.poll(() => status.textContent(), { timeout: 15_000 }).toBe('Live');

    reachable = false;
    const goneAt = Date.now();
    await expect.poll(() => status.textContent(), { timeout: 10_000, interval: 250 }).toBe('Reconnecting…');
    expect(Date.now() - goneAt).toBeLessThan(10_000);
    reachable = true;
    await expect.poll(() => status.textContent(), { timeout: 30_000 }).toBe('Live');

    // The browser itself going offline is shown at once, and coming back online recovers.
    await display.context.setOffline(true);
    const offlineAt = Date.now();
    await expect.poll(() => status.textContent(), { timeout: 10_000, interval: 250 }).toBe('Reconnecting…');
    expect(Date.now() - offlineAt).toBeLessThan(10_000);
    await display.context.setOffline(false);
    await expect.poll(() => status.textContent(), { timeout: 30_000 }).toBe('Live');
    await display.context.close();
  }, 120_000);
});

describe('consultation dashboard', () => {
  it('a new request and message appear on an open admin dashboard; a demoted admin’s open dashboard receives nothing', async () => {
    const [admin, demoted] = await Promise.all([startJourney(browser), startJourney(browser)]);
    const [first, second] = await Promise.all([newAdmin(), newAdmin()]);
    const adminFrames = realtimeFrames(admin.page);
    const demotedFrames = realtimeFrames(demoted.page);
    for (const [journey, who] of [
      [admin, first],
      [demoted, second],
    ] as const) {
      await signIn(journey.page, who.email, who.password);
      await journey.page.goto(url('/consultation-dashboard'));
      await journey.page.getByRole('table', { name: 'Consultations and contact messages' }).waitFor();
    }
    await Promise.all([
      adminFrames.joined('consultation-dashboard'),
      demotedFrames.joined('consultation-dashboard'),
    ]);
    // The second is no administrator any more, with the dashboard still open.
    await testSql('delete from public.admin_users where user_id = $1', [second.id]);

    const [type] = await testSql<{ id: string }>(
      `select id from public.consultation_services where slug = 'cloud-readiness-review'`,
    );
    const day = bookableDays({
      now: new Date(),
      durationMinutes: 60,
      isBankHoliday: scottishBankHoliday,
      count: 3,
    })[2]!;
    const sentAt = Date.now();
    const consultation = await callFunction<{ reference: string }>('submit-consultation', {
      name: 'Live Requester',
      email: uniqueEmail('live-request'),
      phone: '07700 900123',
      services: ['cloud-infrastructure'],
      consultationType: type!.id,
      preferredSlot: `${day.date}T${day.times[0]}`,
      message: 'Seen live?',
    });
    const message = await callFunction<{ reference: string }>('submit-contact', {
      name: 'Live Sender',
      email: uniqueEmail('live-contact'),
      subject: 'Live',
      message: 'Is the dashboard live?',
    });
    for (const reference of [consultation.reference, message.reference])
      await admin.page.getByRole('button', { name: `Open ${reference}` }).waitFor({ timeout: 10_000 });
    expect(Date.now() - sentAt).toBeLessThan(LIVE_MS + 2_000);

    // The former administrator's page was open all along and got as long again: nothing reached it.
    await new Promise((r) => setTimeout(r, 2_000));
    for (const reference of [consultation.reference, message.reference]) {
      expect(await demoted.page.getByRole('button', { name: `Open ${reference}` }).count()).toBe(0);
      expect(demotedFrames.received.join('\n')).not.toContain(reference);
    }
    expect(adminFrames.received.join('\n')).toContain(consultation.reference);
    expect(admin.errors).toEqual([]);
    await admin.context.close();
    await demoted.context.close();
  }, 120_000);
});

describe('poster analytics', () => {
  it('a scan of the owner’s poster appears on their open analytics within seconds', async () => {
    const email = uniqueEmail('live-poster');
    const password = 'live-poster-pass';
    const owner = await createConfirmedUser(email, password, 'Poster Owner');
    const [poster] = await testSql<{ id: string }>(
      `insert into public.posters (user_id, title) values ($1, 'Live poster') returning id`,
      [owner],
    );
    const journey = await startJourney(browser);
    const frames = realtimeFrames(journey.page);
    await signIn(journey.page, email, password);
    await journey.page.goto(url('/poster-analytics'));
    await journey.page.getByText('No scans between', { exact: false }).waitFor();
    await frames.joined('poster-scans:all');

    const perLanding = journey.page.getByRole('table', { name: 'By landing page' });
    for (const n of [1, 2]) {
      const scannedAt = Date.now();
      expect(
        await callFunction('record-poster-scan', {
          poster_id: poster!.id,
          landing: '/qr-welcome',
          visitor: randomUUID(),
        }),
      ).toEqual({ accepted: true });
      await perLanding.getByRole('row', { name: `QR welcome ${n} ${n}` }).waitFor({ timeout: 10_000 });
      expect(Date.now() - scannedAt).toBeLessThan(LIVE_MS);
    }
    expect(journey.errors).toEqual([]);
    await journey.context.close();
  }, 90_000);
});
