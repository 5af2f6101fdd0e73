// The booking reminders go out by themselves: the migrations schedule the pg_cron job send-booking-reminders every
// five minutes, which calls the function through pg_net with the project URL and service role key from the Vault.
// Here the scheduler is driven to a five-minute mark; nobody calls the function, and the reminder reaches the mail
// catcher — cron → net → function → mail.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, londonParts } from '@pentland/enquiries';
import { callFunction, mails, startTestBackend, type TestBackend } from '@pentland/functions/testing';

let b: TestBackend;

beforeAll(async () => {
  b = await startTestBackend();
});

afterAll(async () => {
  await b?.stop();
});

describe('the reminder schedule', () => {
  it('is a pg_cron job every five minutes that reads its URL and key from the Vault', async () => {
    const { rows } = await b.db.query<{ schedule: string; command: string; active: boolean }>(
      `select schedule, command, active from cron.job where jobname = 'send-booking-reminders'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ schedule: '*/5 * * * *', active: true });
    expect(rows[0]!.command).toMatch(/net\.http_post/);
    expect(rows[0]!.command).toMatch(/vault\.decrypted_secrets where name = 'service_role_key'/);
    const secrets = await b.db.query<{ name: string; decrypted_secret: string }>(
      `select name, decrypted_secret from vault.decrypted_secrets where name in ('project_url', 'service_role_key')
        order by name`,
    );
    expect(secrets.rows).toEqual([
      { name: 'project_url', decrypted_secret: b.url },
      { name: 'service_role_key', decrypted_secret: b.serviceRoleKey },
    ]);
  });

  it('mails the day-before reminder of a booking when the job runs, without anyone calling the function', async () => {
    const type = (
      await b.db.query<{ id: string }>(
        `select id from public.consultation_services where slug = 'cloud-readiness-review'`,
      )
    ).rows[0]!.id;
    const from = addDays(londonParts(new Date()).date, 3);
    const slots = (await (
      await fetch(
        `${b.url}/functions/v1/consultation-slots?type=${type}&from=${from}&to=${addDays(from, 7)}`,
        {
          headers: { apikey: b.anonKey, Authorization: `Bearer ${b.anonKey}` },
        },
      )
    ).json()) as { slots: { start: string }[] };
    const email = `magnus-${randomUUID().slice(0, 8)}@example.test`;
    const booked = await callFunction(b, 'submit-consultation', {
      name: 'Magnus Gunn',
      email,
      phone: '07700 900456',
      services: ['cloud-infrastructure'],
      consultationType: type,
      preferredSlot: slots.slots[0]!.start,
    });
    expect(booked.status).toBe(201);
    const reference = booked.body.reference as string;
    // As if it had been booked two days ago for a meeting 23½ hours from now: its day-before reminder is due.
    await b.db.query(
      `with d as (select now() + interval '23 hours 30 minutes' - preferred_start as shift
                    from public.consultations where reference = $1)
       update public.consultations c
          set preferred_start = preferred_start + d.shift, preferred_end = preferred_end + d.shift,
              held_from = held_from + d.shift, held_until = held_until + d.shift,
              created_at = now() - interval '2 days'
         from d where c.reference = $1`,
      [reference],
    );
    expect(await mails(b, email)).toHaveLength(1);

    // The scheduler at the next five-minute mark.
    const mark = new Date(Math.ceil(Date.now() / 300_000) * 300_000);
    expect(await b.cron!.runDue(mark)).toContain('send-booking-reminders');
    let reminder: { subject: string } | undefined;
    for (let i = 0; i < 100 && !reminder; i++) {
      reminder = (await mails(b, email)).find((m) => m.subject.startsWith('Reminder'));
      if (!reminder) await new Promise((r) => setTimeout(r, 100));
    }
    expect(reminder?.subject).toBe(`Reminder: your consultation ${reference} is tomorrow — Pentland Cloud`);
    // The mail leaves while the function runs; its answer is stored by the net worker only once the function has
    // answered (as pg_net does), so that is waited for before the answer is read.
    await b.net!.drain();

    const runs = await b.db.query<{ status: string }>(
      `select d.status from cron.job_run_details d join cron.job j using (jobid)
        where j.jobname = 'send-booking-reminders'`,
    );
    expect(runs.rows.map((r) => r.status)).toContain('succeeded');
    const answers = await b.db.query<{ status_code: number; content: string }>(
      `select status_code, content from net._http_response where content like $1`,
      [`%${reference}%`],
    );
    expect(answers.rows).toEqual([{ status_code: 200, content: expect.stringContaining('"kind":"24h"') }]);

    // The next run sends it no second time.
    await b.cron!.runDue(new Date(mark.getTime() + 300_000));
    await b.net!.drain();
    expect((await mails(b, email)).filter((m) => m.subject.startsWith('Reminder'))).toHaveLength(1);
  });
});
