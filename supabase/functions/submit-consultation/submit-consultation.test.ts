// submit-consultation against the real local backend through supabase-js: a valid request stored and mailed (with
// the .ics), bad input refused field by field, the honeypot, and who reads a request; the consultations' RLS, the
// workflow the database enforces, notes and audit; new requests reaching an administrator's live subscription.
import { randomUUID } from 'node:crypto';
import ICAL from 'ical.js';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookableDays } from '@pentland/enquiries';
import { scottishBankHoliday } from '@pentland/enquiries/holidays';
import { encodePackage } from '@pentland/site-data';
import {
  anonClient,
  count,
  mails,
  serviceClient,
  signedIn,
  startTestBackend,
  subscribed,
  until,
  waitForMails,
  type SignedInUser,
  type TestBackend,
} from '../_test/testing.ts';

let b: TestBackend;
let typeId: string;
let slot: string;
let admin: SignedInUser;
let member: SignedInUser;

beforeAll(async () => {
  b = await startTestBackend();
  [admin, member] = await Promise.all([signedIn(b, { admin: true }), signedIn(b)]);
  typeId = (
    await b.db.query<{ id: string }>(
      `select id from public.consultation_services where slug = 'cloud-readiness-review'`,
    )
  ).rows[0]!.id;
  const day = bookableDays({
    now: new Date(),
    durationMinutes: 60,
    isBankHoliday: scottishBankHoliday,
    count: 3,
  })[2]!;
  slot = `${day.date}T${day.times[0]}`;
  // Generous limits for the suite.
  await b.db.query(`update private.form_rate_limits set max_per_window = 1000`);
  // These tests are about requests; instant booking has its own (booking.test.ts).
  await b.db.query(`update public.consultation_services set booking_mode = 'request' where id = $1`, [
    typeId,
  ]);
});

afterAll(async () => {
  await b?.stop();
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
    const pkg = encodePackage([
      { service: 'domain-hosting', tier: 'essential', billing: 'monthly', users: 5 },
    ]);
    const body = request({ package: pkg });
    const { data, error } = await anonClient(b).functions.invoke('submit-consultation', { body });
    expect(error).toBeNull();
    expect(data.reference).toMatch(/^PC-[0-9A-F]{8}$/);
    expect(data.mailed).toBe(true);
    const row = (
      await b.db.query(`select * from public.consultations where reference = $1`, [data.reference])
    ).rows[0] as Record<string, unknown>;
    expect(row).toMatchObject({
      status: 'new',
      email: body.email,
      phone: '07700 900123',
      user_id: null,
      submitted_from: null,
      services: ['cloud-infrastructure', 'domain-hosting'],
    });
    expect((row.package as { lines: string[] }).lines).toEqual([
      'Domain & Hosting — Essential, monthly, 5 mailboxes: £37.50 + VAT',
    ]);

    const [mine] = await waitForMails(b, body.email as string, 1);
    expect(mine!.subject).toBe(`Your consultation request ${data.reference} — Pentland Cloud`);
    expect(mine!.text).toContain(data.slot);
    const ics = mine!.attachments.find((a) => a.filename === `consultation-${data.reference}.ics`)!;
    expect(ics.contentType).toBe('text/calendar');
    const event = new ICAL.Event(
      new ICAL.Component(ICAL.parse(Buffer.from(ics.content, 'base64').toString())).getFirstSubcomponent(
        'vevent',
      )!,
    );
    expect(event.startDate.toJSDate().toISOString()).toBe(
      new Date(row.preferred_start as string).toISOString(),
    );
    expect(event.summary).toContain(data.reference);
    const company = (await mails(b, 'hello@pentlandcloud.co.uk')).find((m) =>
      m.subject.includes(data.reference),
    )!;
    expect(company.subject).toBe(`New consultation request ${data.reference}: Fiona Sinclair`);
    expect(company.text).toContain('Domain & Hosting — Essential, monthly');
    expect(company.text).toContain('£37.50 + VAT £7.50 = £45.00');
  });

  it('refuses bad input field by field and stores nothing', async () => {
    const before = await count(b, 'consultations');
    const { data, error } = await anonClient(b).functions.invoke('submit-consultation', {
      body: request({
        name: '',
        email: 'nope',
        phone: '12',
        consultationType: randomUUID(),
        preferredSlot: '2020-01-06T10:00',
        services: ['x'],
      }),
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
    expect(await count(b, 'consultations')).toBe(before);
  });

  it('refuses a filled honeypot, a tampered package and non-JSON, storing nothing', async () => {
    const before = await count(b, 'consultations');
    const post = (body: string) =>
      fetch(`${b.url}/functions/v1/submit-consultation`, {
        method: 'POST',
        headers: {
          apikey: b.anonKey,
          Authorization: `Bearer ${b.anonKey}`,
          'Content-Type': 'application/json',
        },
        body,
      });
    const spam = await post(JSON.stringify(request({ website: 'http://buy.example' })));
    expect(spam.status).toBe(400);
    expect(((await spam.json()) as { code: string }).code).toBe('spam');
    const tampered = await post(JSON.stringify(request({ package: 'domain-hosting.essential.m.u-4' })));
    expect(tampered.status).toBe(422);
    expect(((await tampered.json()) as { fields: { package: string } }).fields.package).toMatch(
      /^The attached package is not valid/,
    );
    expect((await post('{not json')).status).toBe(400);
    expect((await post('[]')).status).toBe(400);
    expect((await post(JSON.stringify({ name: 'x'.repeat(70_000) }))).status).toBe(413);
    expect(await count(b, 'consultations')).toBe(before);
  });

  it('a signed-in requester’s request is theirs: they read it, others do not, visitors never read any', async () => {
    const { data, error } = await member.client.functions.invoke('submit-consultation', {
      body: request({ email: member.email }),
    });
    expect(error).toBeNull();
    const own = await member.client.from('consultations').select('reference, user_id');
    expect(own.data).toEqual([{ reference: data.reference, user_id: member.id }]);
    const stranger = await signedIn(b);
    expect((await stranger.client.from('consultations').select('id')).data).toEqual([]);
    expect((await anonClient(b).from('consultations').select('id')).data).toEqual([]);
    const all = await admin.client.from('consultations').select('reference');
    expect(all.data!.map((r) => r.reference)).toContain(data.reference);
  });
});

describe('RLS and the workflow', () => {
  it('visitors may not insert directly (only the functions write, with the service role) and never read; they cannot skip the workflow or write notes', async () => {
    const anon = anonClient(b);
    const id = randomUUID();
    const ins = await anon.from('consultations').insert({ id, name: 'Direct', email: 'direct@example.test' });
    expect(ins.error?.code).toBe('42501');
    expect(
      (
        await member.client
          .from('consultations')
          .insert({ name: 'Direct', email: member.email, user_id: member.id })
      ).error?.code,
    ).toBe('42501');
    expect(
      (
        await anon
          .from('consultations')
          .insert({ name: 'Sneaky', email: 's@example.test', status: 'completed' })
      ).error?.code,
    ).toBe('42501');
    expect(
      (
        await anon
          .from('contact_messages')
          .insert({ name: 'A', email: 'a@example.test', message: 'hello there' })
      ).error?.code,
    ).toBe('42501');
    expect(
      (
        await serviceClient(b)
          .from('consultations')
          .insert({ id, name: 'Stored', email: 'stored@example.test' })
      ).error,
    ).toBeNull();
    expect((await anon.from('consultations').select('id').eq('id', id)).data).toEqual([]);
    expect((await anon.from('contact_messages').select('id')).data).toEqual([]);
    expect(
      (await anon.from('enquiry_notes').insert({ consultation_id: id, body: 'x' })).error,
    ).not.toBeNull();
    expect(
      (await member.client.from('enquiry_notes').insert({ consultation_id: id, body: 'x' })).error,
    ).not.toBeNull();
    expect(
      (await member.client.from('consultations').update({ status: 'contacted' }).eq('id', id).select()).data,
    ).toEqual([]);
  });

  it('admins move a request through the workflow; the database refuses completed → new; notes and audit record who and when', async () => {
    const id = randomUUID();
    await serviceClient(b).from('consultations').insert({ id, name: 'Workflow', email: 'wf@example.test' });
    const move = (status: string) =>
      admin.client.from('consultations').update({ status }).eq('id', id).select('status').single();
    expect((await move('contacted')).data).toEqual({ status: 'contacted' });
    expect((await move('scheduled')).data).toEqual({ status: 'scheduled' });
    expect((await move('completed')).data).toEqual({ status: 'completed' });
    const back = await move('new');
    expect(back.error?.code).toBe('23514');
    expect(back.error?.message).toBe('Status cannot change from completed to new');
    // Not even the service role gets past the database.
    await expect(
      b.db.query(`update public.consultations set status = 'new' where id = $1`, [id]),
    ).rejects.toThrow(/completed to new/);
    expect(
      (await admin.client.from('enquiry_notes').insert({ consultation_id: id, body: 'Called back, booked.' }))
        .error,
    ).toBeNull();
    expect(
      (await admin.client.from('consultations').update({ company: 'Renamed Ltd' }).eq('id', id)).error,
    ).toBeNull();
    const events = await admin.client
      .from('enquiry_events')
      .select('action, from_status, to_status, actor_email, detail')
      .eq('consultation_id', id)
      .order('id');
    expect(events.data).toEqual([
      { action: 'created', from_status: null, to_status: 'new', actor_email: null, detail: null },
      {
        action: 'status',
        from_status: 'new',
        to_status: 'contacted',
        actor_email: admin.email,
        detail: null,
      },
      {
        action: 'status',
        from_status: 'contacted',
        to_status: 'scheduled',
        actor_email: admin.email,
        detail: null,
      },
      {
        action: 'status',
        from_status: 'scheduled',
        to_status: 'completed',
        actor_email: admin.email,
        detail: null,
      },
      {
        action: 'note',
        from_status: null,
        to_status: null,
        actor_email: admin.email,
        detail: 'Called back, booked.',
      },
      { action: 'updated', from_status: null, to_status: null, actor_email: admin.email, detail: 'company' },
    ]);
    expect((await member.client.from('enquiry_events').select('id').eq('consultation_id', id)).data).toEqual(
      [],
    );
    expect(
      (await admin.client.from('enquiry_events').delete().eq('consultation_id', id).select()).data ?? [],
    ).toEqual([]);
  });

  it('consultation types: admins manage them within bounds; visitors see active ones only', async () => {
    const { data, error } = await admin.client
      .from('consultation_services')
      .insert({
        slug: 'backup-review',
        name: 'Backup review',
        duration_minutes: 45,
        price_gbp: 49.5,
        is_active: false,
        sort_order: 9,
      })
      .select('id')
      .single();
    expect(error).toBeNull();
    expect((await anonClient(b).from('consultation_services').select('id').eq('id', data!.id)).data).toEqual(
      [],
    );
    expect(
      (await admin.client.from('consultation_services').update({ duration_minutes: 50 }).eq('id', data!.id))
        .error?.code,
    ).toBe('23514');
    expect(
      (await member.client.from('consultation_services').insert({ slug: 'x', name: 'X' })).error,
    ).not.toBeNull();
  });
});

describe('live updates (Realtime)', () => {
  it('new consultations and contact messages reach an administrator’s subscription, never a non-admin’s or a visitor’s', async () => {
    const changes = (c: SupabaseClient) =>
      subscribed(c, (ch, got) =>
        ch
          .on('postgres_changes', { event: '*', schema: 'public', table: 'consultations' }, (m) =>
            got.push({ event: m.eventType, payload: m.new }),
          )
          .on('postgres_changes', { event: '*', schema: 'public', table: 'contact_messages' }, (m) =>
            got.push({ event: m.eventType, payload: m.new }),
          ),
      );
    const [forAdmin, forMember, forVisitor] = await Promise.all([
      changes(admin.client),
      changes(member.client),
      changes(anonClient(b)),
    ]);
    try {
      const consultation = await anonClient(b).functions.invoke('submit-consultation', { body: request() });
      const message = await anonClient(b).functions.invoke('submit-contact', {
        body: {
          name: 'Magnus Gunn',
          email: `magnus-${randomUUID().slice(0, 8)}@example.test`,
          subject: 'Live',
          message: 'Is this live?',
        },
      });
      expect(consultation.error ?? message.error).toBeNull();
      const refs = [consultation.data.reference, message.data.reference];
      await until(() => refs.every((r) => forAdmin.got.some((g) => g.payload.reference === r)));
      expect(forAdmin.got.filter((g) => refs.includes(g.payload.reference)).map((g) => g.event)).toEqual([
        'INSERT',
        'INSERT',
      ]);
      // Both went out after the administrator's; give the others as long again before saying they got nothing.
      await new Promise((r) => setTimeout(r, 1000));
      expect(forMember.got).toEqual([]);
      expect(forVisitor.got).toEqual([]);
    } finally {
      await Promise.all([forAdmin.stop(), forMember.stop(), forVisitor.stop()]);
    }
  });
});
