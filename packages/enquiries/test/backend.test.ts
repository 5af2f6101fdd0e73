// The forms' database rules and server functions against the real local backend through supabase-js: RLS
// (only the functions insert, users see their own, admins all), the workflow refused by the database, notes and audit,
// the per-address rate limit, the honeypot, and both e-mails in the mail catcher with the .ics attached.
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import ICAL from 'ical.js';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ws from 'ws';
import { startBackend, type RunningBackend } from '@pentland/local-supabase';
import { encodePackage } from '@pentland/site-data';
import { bookableDays } from '../src/index.ts';
import { scottishBankHoliday } from '../src/holidays.ts';

let b: RunningBackend;
let dataDir: string;

const client = (key = b.anonKey): SupabaseClient =>
  createClient(b.url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as unknown as typeof WebSocket },
  });

async function user(admin = false): Promise<{ id: string; email: string; client: SupabaseClient }> {
  const email = `${admin ? 'admin' : 'user'}-${randomUUID().slice(0, 8)}@enquiries.test`;
  const service = client(b.serviceRoleKey);
  const { data, error } = await service.auth.admin.createUser({ email, password: 'enquiries-pass', email_confirm: true });
  if (error) throw error;
  if (admin) await b.db.query('insert into public.admin_users (user_id) values ($1)', [data.user.id]);
  const c = client();
  const signIn = await c.auth.signInWithPassword({ email, password: 'enquiries-pass' });
  if (signIn.error) throw signIn.error;
  return { id: data.user.id, email, client: c };
}

interface Caught {
  to: string[];
  subject: string;
  text: string;
  attachments: { filename: string; contentType: string; content: string }[];
}
async function mails(to: string): Promise<Caught[]> {
  return (await (await fetch(`${b.mailUrl}/api/messages?to=${encodeURIComponent(to)}`)).json()) as Caught[];
}
async function waitForMails(to: string, n: number): Promise<Caught[]> {
  for (let i = 0; i < 50; i++) {
    const got = await mails(to);
    if (got.length >= n) return got;
    await new Promise((r) => setTimeout(r, 100));
  }
  return mails(to);
}

const count = async (table: string) => Number((await b.db.query<{ n: number }>(`select count(*)::int as n from public.${table}`)).rows[0]!.n);

let typeId: string;
let slot: string;
let admin: Awaited<ReturnType<typeof user>>;
let member: Awaited<ReturnType<typeof user>>;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'enquiries-test-'));
  b = await startBackend({ port: 0, dataDir });
  [admin, member] = await Promise.all([user(true), user()]);
  typeId = (await b.db.query<{ id: string }>(`select id from public.consultation_services where slug = 'cloud-readiness-review'`)).rows[0]!.id;
  const day = bookableDays({ now: new Date(), durationMinutes: 60, isBankHoliday: scottishBankHoliday, count: 3 })[2]!;
  slot = `${day.date}T${day.times[0]}`;
  // Generous limits for the suite; one test tightens them.
  await b.db.query(`update private.form_rate_limits set max_per_window = 1000`);
});

afterAll(async () => {
  await b?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const request = (over: Record<string, unknown> = {}) => ({
  name: 'Fiona Sinclair',
  email: `fiona-${randomUUID().slice(0, 8)}@example.test`,
  phone: '07700 900123',
  company: 'Sinclair Crofts',
  services: ['cloud-infrastructure'],
  consultationType: typeId,
  preferredSlot: slot,
  message: 'Two servers in a cupboard.',
  ...over,
});

describe('submit-consultation', () => {
  it('stores a valid request and mails the requester (with the .ics) and the company', async () => {
    const pkg = encodePackage([{ service: 'domain-hosting', tier: 'essential', billing: 'monthly', users: 5 }]);
    const body = request({ package: pkg });
    const { data, error } = await client().functions.invoke('submit-consultation', { body });
    expect(error).toBeNull();
    expect(data.reference).toMatch(/^PC-[0-9A-F]{8}$/);
    expect(data.mailed).toBe(true);
    const row = (await b.db.query(`select * from public.consultations where reference = $1`, [data.reference])).rows[0] as Record<string, unknown>;
    expect(row).toMatchObject({ status: 'new', email: body.email, phone: '07700 900123', user_id: null, submitted_from: null, services: ['cloud-infrastructure', 'domain-hosting'] });
    expect((row.package as { lines: string[] }).lines).toEqual(['Domain & Hosting — Essential, monthly, 5 mailboxes: £37.50 + VAT']);

    const [mine] = await waitForMails(body.email as string, 1);
    expect(mine!.subject).toBe(`Your consultation request ${data.reference} — Pentland Cloud`);
    expect(mine!.text).toContain(data.slot);
    const ics = mine!.attachments.find((a) => a.filename === `consultation-${data.reference}.ics`)!;
    expect(ics.contentType).toBe('text/calendar');
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(Buffer.from(ics.content, 'base64').toString())).getFirstSubcomponent('vevent')!);
    expect(event.startDate.toJSDate().toISOString()).toBe(new Date(row.preferred_start as string).toISOString());
    expect(event.summary).toContain(data.reference);
    const company = (await mails('hello@pentlandcloud.co.uk')).find((m) => m.subject.includes(data.reference))!;
    expect(company.subject).toBe(`New consultation request ${data.reference}: Fiona Sinclair`);
    expect(company.text).toContain('Domain & Hosting — Essential, monthly');
  });

  it('refuses bad input field by field and stores nothing', async () => {
    const before = await count('consultations');
    const { data, error } = await client().functions.invoke('submit-consultation', {
      body: request({ name: '', email: 'nope', phone: '12', consultationType: randomUUID(), preferredSlot: '2020-01-06T10:00', services: ['x'] }),
    });
    expect(error).not.toBeNull();
    const res = (error as { context: Response }).context;
    expect(res.status).toBe(422);
    const payload = (await res.json()) as { fields: Record<string, string> };
    expect(payload.fields).toEqual({
      name: 'Enter your name',
      email: 'Enter a valid e-mail address, like name@example.co.uk',
      phone: 'Enter a UK phone number, like 01847 123456 or 07700 900123',
      services: "'x' is not one of our services",
      consultationType: 'That consultation type is not offered; choose one from the list',
      preferredSlot: 'Choose a date and time in the future',
    });
    expect(data).toBeNull();
    expect(await count('consultations')).toBe(before);
  });

  it('refuses a filled honeypot, a tampered package and non-JSON, storing nothing', async () => {
    const before = await count('consultations');
    const post = (body: string) =>
      fetch(`${b.url}/functions/v1/submit-consultation`, { method: 'POST', headers: { apikey: b.anonKey, Authorization: `Bearer ${b.anonKey}`, 'Content-Type': 'application/json' }, body });
    const spam = await post(JSON.stringify(request({ website: 'http://buy.example' })));
    expect(spam.status).toBe(400);
    expect(((await spam.json()) as { code: string }).code).toBe('spam');
    const tampered = await post(JSON.stringify(request({ package: 'domain-hosting.essential.m.u-4' })));
    expect(tampered.status).toBe(422);
    expect(((await tampered.json()) as { fields: { package: string } }).fields.package).toMatch(/^The attached package is not valid/);
    expect((await post('{not json')).status).toBe(400);
    expect((await post('[]')).status).toBe(400);
    expect((await post(JSON.stringify({ name: 'x'.repeat(70_000) }))).status).toBe(413);
    expect(await count('consultations')).toBe(before);
  });

  it('a signed-in requester’s request is theirs: they read it, others do not, visitors never read any', async () => {
    const { data, error } = await member.client.functions.invoke('submit-consultation', { body: request({ email: member.email }) });
    expect(error).toBeNull();
    const own = await member.client.from('consultations').select('reference, user_id');
    expect(own.data).toEqual([{ reference: data.reference, user_id: member.id }]);
    const stranger = await user();
    expect((await stranger.client.from('consultations').select('id')).data).toEqual([]);
    expect((await client().from('consultations').select('id')).data).toEqual([]);
    const all = await admin.client.from('consultations').select('reference');
    expect(all.data!.map((r) => r.reference)).toContain(data.reference);
  });
});

describe('RLS and the workflow', () => {
  it('visitors may not insert directly (only the functions write, with the service role) and never read; they cannot skip the workflow or write notes', async () => {
    const anon = client();
    const id = randomUUID();
    const ins = await anon.from('consultations').insert({ id, name: 'Direct', email: 'direct@example.test' });
    expect(ins.error?.code).toBe('42501');
    expect((await member.client.from('consultations').insert({ name: 'Direct', email: member.email, user_id: member.id })).error?.code).toBe('42501');
    expect((await anon.from('consultations').insert({ name: 'Sneaky', email: 's@example.test', status: 'completed' })).error?.code).toBe('42501');
    expect((await anon.from('contact_messages').insert({ name: 'A', email: 'a@example.test', message: 'hello there' })).error?.code).toBe('42501');
    expect((await client(b.serviceRoleKey).from('consultations').insert({ id, name: 'Stored', email: 'stored@example.test' })).error).toBeNull();
    expect((await anon.from('consultations').select('id').eq('id', id)).data).toEqual([]);
    expect((await anon.from('contact_messages').select('id')).data).toEqual([]);
    expect((await anon.from('enquiry_notes').insert({ consultation_id: id, body: 'x' })).error).not.toBeNull();
    expect((await member.client.from('enquiry_notes').insert({ consultation_id: id, body: 'x' })).error).not.toBeNull();
    expect((await member.client.from('consultations').update({ status: 'contacted' }).eq('id', id).select()).data).toEqual([]);
  });

  it('admins move a request through the workflow; the database refuses completed → new; notes and audit record who and when', async () => {
    const id = randomUUID();
    await client(b.serviceRoleKey).from('consultations').insert({ id, name: 'Workflow', email: 'wf@example.test' });
    const move = (status: string) => admin.client.from('consultations').update({ status }).eq('id', id).select('status').single();
    expect((await move('contacted')).data).toEqual({ status: 'contacted' });
    expect((await move('scheduled')).data).toEqual({ status: 'scheduled' });
    expect((await move('completed')).data).toEqual({ status: 'completed' });
    const back = await move('new');
    expect(back.error?.code).toBe('23514');
    expect(back.error?.message).toBe('Status cannot change from completed to new');
    // Not even the service role gets past the database.
    await expect(b.db.query(`update public.consultations set status = 'new' where id = $1`, [id])).rejects.toThrow(/completed to new/);
    expect((await admin.client.from('enquiry_notes').insert({ consultation_id: id, body: 'Called back, booked.' })).error).toBeNull();
    expect((await admin.client.from('consultations').update({ company: 'Renamed Ltd' }).eq('id', id)).error).toBeNull();
    const events = await admin.client.from('enquiry_events').select('action, from_status, to_status, actor_email, detail').eq('consultation_id', id).order('id');
    expect(events.data).toEqual([
      { action: 'created', from_status: null, to_status: 'new', actor_email: null, detail: null },
      { action: 'status', from_status: 'new', to_status: 'contacted', actor_email: admin.email, detail: null },
      { action: 'status', from_status: 'contacted', to_status: 'scheduled', actor_email: admin.email, detail: null },
      { action: 'status', from_status: 'scheduled', to_status: 'completed', actor_email: admin.email, detail: null },
      { action: 'note', from_status: null, to_status: null, actor_email: admin.email, detail: 'Called back, booked.' },
      { action: 'updated', from_status: null, to_status: null, actor_email: admin.email, detail: 'company' },
    ]);
    expect((await member.client.from('enquiry_events').select('id').eq('consultation_id', id)).data).toEqual([]);
    expect((await admin.client.from('enquiry_events').delete().eq('consultation_id', id).select()).data ?? []).toEqual([]);
  });

  it('consultation types: admins manage them within bounds; visitors see active ones only', async () => {
    const { data, error } = await admin.client
      .from('consultation_services')
      .insert({ slug: 'backup-review', name: 'Backup review', duration_minutes: 45, price_gbp: 49.5, is_active: false, sort_order: 9 })
      .select('id')
      .single();
    expect(error).toBeNull();
    expect((await client().from('consultation_services').select('id').eq('id', data!.id)).data).toEqual([]);
    expect((await admin.client.from('consultation_services').update({ duration_minutes: 50 }).eq('id', data!.id)).error?.code).toBe('23514');
    expect((await member.client.from('consultation_services').insert({ slug: 'x', name: 'X' })).error).not.toBeNull();
  });
});

describe('contact and E-Board', () => {
  it('submit-contact stores the message and mails both sides', async () => {
    const email = `magnus-${randomUUID().slice(0, 8)}@example.test`;
    const { data, error } = await client().functions.invoke('submit-contact', {
      body: { name: 'Magnus Gunn', email, subject: 'Hosting', message: 'Do you host WordPress sites?' },
    });
    expect(error).toBeNull();
    expect(data.reference).toMatch(/^PM-/);
    const [mine] = await waitForMails(email, 1);
    expect(mine!.subject).toBe(`We have your message ${data.reference} — Pentland Cloud`);
    expect((await mails('hello@pentlandcloud.co.uk')).some((m) => m.subject === `New contact message ${data.reference}: Hosting`)).toBe(true);
  });

  it('an entry with an image: pending, hidden from the board, rejected with a reason that is mailed, reopened, approved onto the board', async () => {
    const anon = client();
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    const imagePath = `pending/${randomUUID()}.png`;
    expect((await anon.storage.from('eboard-images').upload(imagePath, png, { contentType: 'image/png' })).error).toBeNull();
    expect((await anon.storage.from('eboard-images').upload(`elsewhere/${randomUUID()}.png`, png, { contentType: 'image/png' })).error).not.toBeNull();
    expect((await anon.storage.from('eboard-images').upload(`pending/${randomUUID()}.svg`, Buffer.from('<svg/>'), { contentType: 'image/svg+xml' })).error).not.toBeNull();
    const email = `club-${randomUUID().slice(0, 8)}@example.test`;
    const today = new Date().toISOString().slice(0, 10);
    const { data, error } = await anon.functions.invoke('submit-eboard', {
      body: { name: 'Seaforth Darts', email, title: 'Open night', message: 'Come and throw a few darts.', category: 'sport', displayFrom: today, displayUntil: today, imagePath },
    });
    expect(error).toBeNull();
    expect(data.reference).toMatch(/^EB-/);
    expect((await waitForMails(email, 1))[0]!.subject).toBe(`Your E-Board entry ${data.reference} — Pentland Cloud`);
    const board = () => anon.from('eboard_board').select('*').eq('reference', data.reference);
    expect((await board()).data).toEqual([]);
    expect((await anon.from('eboard_submissions').select('id')).data).toEqual([]);
    const id = (await b.db.query<{ id: string }>(`select id from public.eboard_submissions where reference = $1`, [data.reference])).rows[0]!.id;

    const forbidden = await member.client.functions.invoke('moderate-eboard', { body: { ids: [id], action: 'approve' } });
    expect((forbidden.error as { context: Response }).context.status).toBe(403);
    const noReason = await admin.client.functions.invoke('moderate-eboard', { body: { ids: [id], action: 'reject' } });
    expect((noReason.error as { context: Response }).context.status).toBe(422);
    const rejected = await admin.client.functions.invoke('moderate-eboard', { body: { ids: [id], action: 'reject', reason: 'Please add the venue address.' } });
    expect(rejected.data).toMatchObject({ updated: [{ id, status: 'rejected' }], failed: [], mailed: true });
    const rejection = (await waitForMails(email, 2)).find((m) => m.subject.includes('was not approved'))!;
    expect(rejection.text).toContain('Please add the venue address.');
    // rejected → approved is not a transition; reopen, then approve.
    const skip = await admin.client.functions.invoke('moderate-eboard', { body: { ids: [id], action: 'approve' } });
    expect(skip.data.failed[0].error).toBe('Status cannot change from rejected to approved');
    await admin.client.functions.invoke('moderate-eboard', { body: { ids: [id], action: 'reopen' } });
    const approved = await admin.client.functions.invoke('moderate-eboard', { body: { ids: [id], action: 'approve' } });
    expect(approved.data.updated[0].status).toBe('approved');
    const shown = (await board()).data!;
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ title: 'Open night', author: 'Seaforth Darts', category: 'sport' });
    // Rejecting removed the picture, so the entry reopened and approved shows without one.
    expect(shown[0].image_url).toBeNull();
    expect(Object.keys(shown[0])).not.toContain('contact_email');
  });

  it('E-Board bad input: every field empty, a missing image, and a forged image path', async () => {
    const before = await count('eboard_submissions');
    const empty = await client().functions.invoke('submit-eboard', { body: {} });
    const fields = ((await (empty.error as { context: Response }).context.json()) as { fields: Record<string, string> }).fields;
    expect(Object.keys(fields).sort()).toEqual(['category', 'displayFrom', 'displayUntil', 'email', 'message', 'name', 'title']);
    const forged = await client().functions.invoke('submit-eboard', { body: { imagePath: '../article-images/x.png' } });
    expect(((await (forged.error as { context: Response }).context.json()) as { fields: { image: string } }).fields.image).toBe(
      'The image upload is not valid; choose the image again',
    );
    const missing = await client().functions.invoke('submit-eboard', { body: { imagePath: `pending/${randomUUID()}.png` } });
    expect(((await (missing.error as { context: Response }).context.json()) as { fields: { image: string } }).fields.image).toBe(
      'The image did not arrive; choose the image again',
    );
    expect(await count('eboard_submissions')).toBe(before);
  });
});

describe('live updates (Realtime)', () => {
  type Received = { event: string; payload: Record<string, unknown> };
  /** Subscribes `c` to one channel and resolves once Realtime has confirmed it; what arrives is pushed to `got`. */
  type Channel = ReturnType<SupabaseClient['channel']>;
  async function subscribe(c: SupabaseClient, build: (ch: Channel, got: Received[]) => Channel, topic = `test-${randomUUID()}`) {
    const got: Received[] = [];
    const channel = build(c.channel(topic), got);
    await new Promise<void>((resolve, reject) =>
      channel.subscribe((status, err) => (status === 'SUBSCRIBED' ? resolve() : status !== 'CLOSED' && reject(err ?? new Error(status)))),
    );
    return { got, stop: () => c.removeChannel(channel) };
  }
  const until = async (what: () => boolean, ms = 5000) => {
    const end = Date.now() + ms;
    while (!what()) {
      if (Date.now() > end) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  /** The display's subscription: broadcasts on the public topic 'eboard'. */
  const board = (c: SupabaseClient) =>
    subscribe(c, (ch, got) => ch.on('broadcast', { event: '*' }, (m) => got.push({ event: m.event, payload: m.payload as Record<string, unknown> })), 'eboard');
  const entry = async (displayFrom: string) =>
    (
      await b.db.query<{ id: string }>(
        `insert into public.eboard_submissions (title, description, category, contact_name, contact_email, display_from)
         values ('Ceilidh', 'Friday in the hall.', 'events', 'Thurso Hall', 'secret@example.test', $1) returning id`,
        [displayFrom],
      )
    ).rows[0]!.id;
  const setStatus = async (id: string, status: string) => {
    const { error } = await admin.client.from('eboard_submissions').update({ status }).eq('id', id);
    expect(error).toBeNull();
  };

  it('the E-Board broadcasts on its public topic when the board changes: only board columns, nothing for pending or future entries', async () => {
    const screen = await board(client());
    try {
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
      const future = await entry('2099-01-01');
      const id = await entry(today);
      await setStatus(future, 'approved');
      await setStatus(id, 'approved');
      await until(() => screen.got.length >= 1);
      // The pending inserts and the entry approved for later said nothing; the one on the board today did.
      expect(screen.got[0]!.event).toBe('approved');
      expect(screen.got[0]!.payload).toMatchObject({ id, title: 'Ceilidh', author: 'Thurso Hall', category: 'events' });
      const viewColumns = Object.keys((await client().from('eboard_board').select('*').eq('id', id)).data![0]!).sort();
      expect(Object.keys(screen.got[0]!.payload).sort()).toEqual(viewColumns);
      expect(JSON.stringify(screen.got)).not.toContain('secret@example.test');

      expect((await admin.client.from('eboard_submissions').update({ title: 'Ceilidh (sold out)' }).eq('id', id)).error).toBeNull();
      await until(() => screen.got.length >= 2);
      expect(screen.got[1]).toMatchObject({ event: 'updated', payload: { id, title: 'Ceilidh (sold out)' } });
      await setStatus(id, 'archived');
      await until(() => screen.got.length >= 3);
      expect(screen.got[2]).toEqual({ event: 'removed', payload: { id } });
      expect(screen.got.every((m) => m.payload.id === id)).toBe(true);
    } finally {
      await screen.stop();
    }
  });

  it('new consultations and contact messages reach an administrator’s subscription, never a non-admin’s or a visitor’s', async () => {
    const changes = (c: SupabaseClient) =>
      subscribe(c, (ch, got) =>
        ch
          .on('postgres_changes', { event: '*', schema: 'public', table: 'consultations' }, (m) => got.push({ event: m.eventType, payload: m.new }))
          .on('postgres_changes', { event: '*', schema: 'public', table: 'contact_messages' }, (m) => got.push({ event: m.eventType, payload: m.new })),
      );
    const [forAdmin, forMember, forVisitor] = await Promise.all([changes(admin.client), changes(member.client), changes(client())]);
    try {
      const consultation = await client().functions.invoke('submit-consultation', { body: request() });
      const message = await client().functions.invoke('submit-contact', {
        body: { name: 'Magnus Gunn', email: `magnus-${randomUUID().slice(0, 8)}@example.test`, subject: 'Live', message: 'Is this live?' },
      });
      expect(consultation.error ?? message.error).toBeNull();
      const refs = [consultation.data.reference, message.data.reference];
      await until(() => refs.every((r) => forAdmin.got.some((g) => g.payload.reference === r)));
      expect(forAdmin.got.filter((g) => refs.includes(g.payload.reference)).map((g) => g.event)).toEqual(['INSERT', 'INSERT']);
      // Both went out after the administrator's; give the others as long again before saying they got nothing.
      await new Promise((r) => setTimeout(r, 1000));
      expect(forMember.got).toEqual([]);
      expect(forVisitor.got).toEqual([]);
    } finally {
      await Promise.all([forAdmin.stop(), forMember.stop(), forVisitor.stop()]);
    }
  });
});

describe('rate limit', () => {
  /** A contact message from the loopback address `from` (a second address is a second client). */
  const sendFrom = (from: string, i: number, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        new URL('/functions/v1/submit-contact', b.url),
        { method: 'POST', localAddress: from, headers: { apikey: b.anonKey, Authorization: `Bearer ${b.anonKey}`, 'Content-Type': 'application/json', ...headers } },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (body += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.end(JSON.stringify({ name: 'Burst', email: `burst${i}@example.test`, subject: 'Hi', message: 'Message number ' + i }));
    });

  it('the database refuses the address’s submissions past the limit, whatever forwarding header they carry', async () => {
    await b.db.query(`update private.form_rate_limits set max_per_window = 2 where form = 'contact'`);
    try {
      const before = await count('contact_messages');
      expect((await sendFrom('127.0.0.5', 1, { 'X-Forwarded-For': '203.0.113.1' })).status).toBe(201);
      expect((await sendFrom('127.0.0.5', 2, { 'X-Forwarded-For': '203.0.113.2' })).status).toBe(201);
      const third = await sendFrom('127.0.0.5', 3, { 'X-Forwarded-For': '203.0.113.3' });
      expect(third.status).toBe(429);
      expect((JSON.parse(third.body) as { error: string }).error).toBe('Too many submissions from this address; please try again in an hour, or phone us.');
      expect(await count('contact_messages')).toBe(before + 2);
      // Another address is not affected.
      expect((await sendFrom('127.0.0.6', 4)).status).toBe(201);
    } finally {
      await b.db.query(`update private.form_rate_limits set max_per_window = 1000`);
    }
  });
});
