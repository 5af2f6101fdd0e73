/** The mail catcher's SMTP listener: what server functions send with nodemailer lands in the catcher's inbox. */
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../helpers.ts';

let b: TestBackend;
beforeAll(async () => {
  b = await startTestBackend();
});
afterAll(async () => {
  await b?.stop();
});

const transport = () =>
  nodemailer.createTransport({
    host: b.smtp.SMTP_HOST,
    port: Number(b.smtp.SMTP_PORT),
    secure: false,
    auth: { user: 'any', pass: 'any' },
  });

it('functions get the listener’s settings, and a message with an attachment arrives whole', async () => {
  expect(b.smtp.SMTP_HOST).toBe('127.0.0.1');
  expect(Number(b.smtp.SMTP_PORT)).toBeGreaterThan(0);
  const ics = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n';
  await transport().sendMail({
    from: 'Pentland Cloud <hello@pentland.test>',
    to: ['one@smtp.test', 'two@smtp.test'],
    subject: 'Your consultation request',
    text: 'Thank you.',
    html: '<p>Thank you. <a href="https://example.test/x">Details</a></p>',
    attachments: [
      { filename: 'consultation.ics', content: ics, contentType: 'text/calendar; method=PUBLISH' },
    ],
  });
  const res = await fetch(`${b.mailUrl}/api/messages?to=two@smtp.test`);
  const [msg] = (await res.json()) as {
    id: string;
    from: string;
    to: string[];
    subject: string;
    text: string;
    links: string[];
    attachments: { filename: string; contentType: string; content: string }[];
  }[];
  expect(msg).toMatchObject({
    to: ['one@smtp.test', 'two@smtp.test'],
    subject: 'Your consultation request',
    links: ['https://example.test/x'],
  });
  expect(msg!.from).toContain('hello@pentland.test');
  expect(msg!.text.trim()).toBe('Thank you.');
  expect(msg!.attachments).toHaveLength(1);
  expect(msg!.attachments[0]!.filename).toBe('consultation.ics');
  expect(msg!.attachments[0]!.contentType).toBe('text/calendar');
  expect(Buffer.from(msg!.attachments[0]!.content, 'base64').toString()).toBe(ics);
  const file = await fetch(`${b.mailUrl}/messages/${msg!.id}/attachments/0`);
  expect(file.headers.get('content-disposition')).toBe('attachment; filename="consultation.ics"');
  expect(await file.text()).toBe(ics);
  expect(await (await fetch(`${b.mailUrl}/messages/${msg!.id}`)).text()).toContain('consultation.ics');
});

it('refuses a message over the size limit and keeps nothing of it', async () => {
  const big = 'x'.repeat(11 * 1024 * 1024);
  await expect(
    transport().sendMail({
      from: 'a@pentland.test',
      to: 'big@smtp.test',
      subject: 'Too big',
      text: 'x',
      attachments: [{ filename: 'big.txt', content: big }],
    }),
  ).rejects.toThrow(/552|size/i);
  expect(await (await fetch(`${b.mailUrl}/api/messages?to=big@smtp.test`)).json()).toEqual([]);
});
