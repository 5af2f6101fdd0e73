/**
 * Outgoing mail: nodemailer over SMTP when configured, otherwise the embedded mail catcher
 * (an in-memory inbox with an HTML page and a JSON API, like the Supabase CLI's Inbucket/Mailpit).
 */
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { SmtpSettings } from './settings.js';

export interface OutgoingMail {
  to: string | string[];
  subject: string;
  html: string;
  text: string;
  attachments?: CaughtAttachment[];
}

/** An attachment as the catcher keeps it (from mail delivered over SMTP, e.g. a function's `.ics`). */
export interface CaughtAttachment {
  filename: string;
  contentType: string;
  size: number;
  /** Base64. */
  content: string;
}

export interface CaughtMessage {
  id: string;
  from: string;
  to: string[];
  subject: string;
  date: string;
  html: string;
  text: string;
  links: string[];
  attachments: CaughtAttachment[];
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export class MailCatcher {
  private messages: CaughtMessage[] = [];
  private readonly limit = 500;
  /** Attachments are kept up to this many bytes in all; the oldest messages go first. */
  private readonly attachmentBudget = 64 * 1024 * 1024;
  private attachmentBytes = 0;

  add(from: string, mail: OutgoingMail): CaughtMessage {
    const links = [...mail.html.matchAll(/href="([^"]+)"/g)]
      .map((m) => m[1]!.replace(/&amp;/g, '&'))
      .filter((l, i, all) => all.indexOf(l) === i);
    const msg: CaughtMessage = {
      id: randomUUID(),
      from,
      to: Array.isArray(mail.to) ? mail.to : [mail.to],
      subject: mail.subject,
      date: new Date().toISOString(),
      html: mail.html,
      text: mail.text,
      links,
      attachments: mail.attachments ?? [],
    };
    this.messages.push(msg);
    this.attachmentBytes += sizeOf(msg);
    while (this.messages.length > this.limit || (this.attachmentBytes > this.attachmentBudget && this.messages.length > 1)) {
      this.attachmentBytes -= sizeOf(this.messages.shift()!);
    }
    return msg;
  }

  list(to?: string | null): CaughtMessage[] {
    const t = to?.toLowerCase();
    return this.messages.filter((m) => !t || m.to.some((x) => x.toLowerCase() === t)).slice().reverse();
  }

  get(id: string): CaughtMessage | undefined {
    return this.messages.find((m) => m.id === id);
  }

  clear(to?: string | null): number {
    const before = this.messages.length;
    const t = to?.toLowerCase();
    this.messages = t ? this.messages.filter((m) => !m.to.some((x) => x.toLowerCase() === t)) : [];
    this.attachmentBytes = this.messages.reduce((sum, m) => sum + sizeOf(m), 0);
    return before - this.messages.length;
  }
}

function sizeOf(m: CaughtMessage): number {
  return m.attachments.reduce((sum, a) => sum + a.content.length, 0);
}

export function createMailer(opts: { smtp: SmtpSettings | null; from: string; catcher: MailCatcher }): Mailer {
  if (opts.smtp) {
    const transport = nodemailer.createTransport({
      host: opts.smtp.host,
      port: opts.smtp.port,
      secure: opts.smtp.secure ?? false,
      auth: opts.smtp.user ? { user: opts.smtp.user, pass: opts.smtp.pass ?? '' } : undefined,
    });
    return {
      async send(mail) {
        await transport.sendMail({ from: opts.from, to: mail.to, subject: mail.subject, html: mail.html, text: mail.text });
      },
      close: () => transport.close(),
    };
  }
  return {
    async send(mail) {
      opts.catcher.add(opts.from, mail);
    },
    close: () => {},
  };
}

function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function page(title: string, body: string): Response {
  return new Response(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;color:#1f2933}header{background:#0b3d5c;color:#fff;padding:12px 24px}
main{padding:16px 24px}table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:6px 8px;border-bottom:1px solid #e4e7eb}
a{color:#0b5c8f}iframe{width:100%;height:60vh;border:1px solid #e4e7eb}</style></head>
<body><header><strong>Mail catcher</strong> · local Auth e-mails</header><main>${body}</main></body></html>`,
    { headers: { 'Content-Type': 'text/html; charset=utf-8' } },
  );
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The mail catcher's routes; `path` is relative to the mount point (e.g. '/', '/api/messages'). */
export async function handleMailCatcher(catcher: MailCatcher, req: Request, path: string, base: string): Promise<Response> {
  const url = new URL(req.url);
  const method = req.method.toUpperCase();
  if (path === '/api/messages' || path === '/api/messages/') {
    if (method === 'GET') return json(catcher.list(url.searchParams.get('to')));
    if (method === 'DELETE') return json({ deleted: catcher.clear(url.searchParams.get('to')) });
    return json({ error: 'method not allowed' }, 405);
  }
  const apiOne = /^\/api\/messages\/([^/]+)$/.exec(path);
  if (apiOne) {
    const msg = catcher.get(decodeURIComponent(apiOne[1]!));
    if (!msg) return json({ error: 'not found' }, 404);
    return json(msg);
  }
  if (method !== 'GET') return json({ error: 'method not allowed' }, 405);
  if (path === '/' || path === '') {
    const to = url.searchParams.get('to');
    const rows = catcher
      .list(to)
      .map(
        (m) =>
          `<tr><td>${esc(new Date(m.date).toLocaleString('en-GB'))}</td><td>${esc(m.to.join(', '))}</td><td><a href="${base}/messages/${m.id}">${esc(m.subject)}</a></td></tr>`,
      )
      .join('');
    return page(
      'Mail catcher',
      `<h1>Inbox${to ? ` for ${esc(to)}` : ''}</h1>${rows ? `<table><thead><tr><th>Received</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows}</tbody></table>` : '<p>No messages yet.</p>'}`,
    );
  }
  const file = /^\/messages\/([^/]+)\/attachments\/(\d+)$/.exec(path);
  if (file) {
    const a = catcher.get(decodeURIComponent(file[1]!))?.attachments[Number(file[2])];
    if (!a) return page('Not found', '<p>No such attachment.</p>');
    return new Response(Buffer.from(a.content, 'base64'), {
      headers: {
        'Content-Type': a.contentType,
        'Content-Disposition': `attachment; filename="${a.filename.replace(/[^\w.-]/g, '_')}"`,
      },
    });
  }
  const one = /^\/messages\/([^/]+)(\/html)?$/.exec(path);
  if (one) {
    const msg = catcher.get(decodeURIComponent(one[1]!));
    if (!msg) return page('Not found', '<p>No such message.</p>');
    if (one[2]) return new Response(msg.html, { headers: { 'Content-Type': 'text/html; charset=utf-8' } });
    const links = msg.links.map((l) => `<li><a href="${esc(l)}">${esc(l)}</a></li>`).join('');
    return page(
      msg.subject,
      `<p><a href="${base}/">← Inbox</a></p><h1>${esc(msg.subject)}</h1><p>From ${esc(msg.from)} to ${esc(msg.to.join(', '))}, ${esc(new Date(msg.date).toLocaleString('en-GB'))}</p>
<h2>Links</h2><ul>${links || '<li>None</li>'}</ul>${
        msg.attachments.length
          ? `<h2>Attachments</h2><ul>${msg.attachments.map((a, i) => `<li><a href="${base}/messages/${msg.id}/attachments/${i}">${esc(a.filename)}</a> (${esc(a.contentType)}, ${a.size} bytes)</li>`).join('')}</ul>`
          : ''
      }<h2>Message</h2><iframe title="Message" src="${base}/messages/${msg.id}/html"></iframe><h2>Text</h2><pre>${esc(msg.text)}</pre>`,
    );
  }
  return page('Not found', '<p>Not found.</p>');
}
