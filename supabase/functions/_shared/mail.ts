// Mail from server functions: SMTP through nodemailer, configured by SMTP_HOST, SMTP_PORT, SMTP_SECURE, SMTP_USER,
// SMTP_PASS and SMTP_SENDER (the From address). Locally the backend gives functions its mail catcher's SMTP listener.
import nodemailer from 'nodemailer';

export interface MailAttachment {
  filename: string;
  content: string;
  contentType: string;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  attachments?: MailAttachment[];
}

export const defaultSender = 'Pentland Cloud <hello@pentlandcloud.co.uk>';

let transport: ReturnType<typeof nodemailer.createTransport> | null = null;
let transportKey = '';

function settings() {
  const host = Deno.env.get('SMTP_HOST');
  if (!host) return null;
  const port = Number(Deno.env.get('SMTP_PORT') ?? '587');
  const user = Deno.env.get('SMTP_USER');
  return {
    host,
    port,
    secure: (Deno.env.get('SMTP_SECURE') ?? (port === 465 ? 'true' : 'false')) === 'true',
    auth: user ? { user, pass: Deno.env.get('SMTP_PASS') ?? '' } : undefined,
  };
}

/** Whether mail can be sent at all (SMTP_HOST is set). */
export function mailConfigured(): boolean {
  return settings() !== null;
}

/** Sends one message; throws when SMTP is not configured or the relay refuses it. */
export async function sendMail(mail: Mail): Promise<void> {
  const s = settings();
  if (!s) throw new Error('SMTP is not configured (SMTP_HOST)');
  const key = JSON.stringify(s);
  if (!transport || key !== transportKey) {
    transport = nodemailer.createTransport({
      ...s,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    transportKey = key;
  }
  await transport.sendMail({
    from: Deno.env.get('SMTP_SENDER') || defaultSender,
    to: mail.to,
    replyTo: mail.replyTo,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    attachments: mail.attachments?.map((a) => ({
      filename: a.filename,
      content: a.content,
      contentType: a.contentType,
    })),
  });
}

/** Sends each message, reporting which could not be sent instead of failing the request that caused them. */
export async function sendAll(mails: Mail[]): Promise<boolean> {
  const results = await Promise.allSettled(mails.map(sendMail));
  for (const r of results)
    if (r.status === 'rejected') console.error('[mail]', (r.reason as Error)?.message ?? r.reason);
  return results.every((r) => r.status === 'fulfilled');
}

export function escapeHtml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/** A plain, readable HTML e-mail: a heading, paragraphs and an optional table of label/value rows. */
export function renderMail(o: {
  heading: string;
  paragraphs: string[];
  rows?: [string, string][];
  footer?: string;
}): { html: string; text: string } {
  const rows = o.rows ?? [];
  const html = `<!doctype html><html lang="en"><body style="font-family:Arial,sans-serif;color:#1f2933;line-height:1.5">
<h1 style="font-size:20px;color:#0b3d5c">${escapeHtml(o.heading)}</h1>
${o.paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('\n')}
${rows.length ? `<table cellpadding="6" style="border-collapse:collapse">${rows.map(([k, v]) => `<tr><th align="left" valign="top">${escapeHtml(k)}</th><td>${escapeHtml(v).replace(/\n/g, '<br>')}</td></tr>`).join('')}</table>` : ''}
${o.footer ? `<p style="color:#52606d;font-size:13px">${escapeHtml(o.footer)}</p>` : ''}
</body></html>`;
  const text = [
    o.heading,
    '',
    ...o.paragraphs.flatMap((p) => [p, '']),
    ...rows.map(([k, v]) => `${k}: ${v}`),
    ...(o.footer ? ['', o.footer] : []),
  ].join('\n');
  return { html, text };
}
