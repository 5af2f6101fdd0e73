/**
 * The mail catcher's inbox: every message the backend would have sent, in memory (newest 500), like the Supabase
 * CLI's Inbucket/Mailpit. Auth's mailer adds to it when no SMTP server is configured; its HTTP API is ./http.ts.
 */
import { randomUUID } from 'node:crypto';

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

function sizeOf(m: CaughtMessage): number {
  return m.attachments.reduce((sum, a) => sum + a.content.length, 0);
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
    while (
      this.messages.length > this.limit ||
      (this.attachmentBytes > this.attachmentBudget && this.messages.length > 1)
    ) {
      this.attachmentBytes -= sizeOf(this.messages.shift()!);
    }
    return msg;
  }

  list(to?: string | null): CaughtMessage[] {
    const t = to?.toLowerCase();
    return this.messages
      .filter((m) => !t || m.to.some((x) => x.toLowerCase() === t))
      .slice()
      .reverse();
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
