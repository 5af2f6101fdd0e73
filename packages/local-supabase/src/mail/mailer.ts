/** Outgoing mail: nodemailer over SMTP when configured, otherwise into the mail catcher. */
import nodemailer from 'nodemailer';
import type { SmtpSettings } from '../auth/settings.ts';
import type { MailCatcher, OutgoingMail } from './catcher.ts';

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export function createMailer(opts: {
  smtp: SmtpSettings | null;
  from: string;
  catcher: MailCatcher | null;
}): Mailer {
  if (opts.smtp) {
    const transport = nodemailer.createTransport({
      host: opts.smtp.host,
      port: opts.smtp.port,
      secure: opts.smtp.secure ?? false,
      auth: opts.smtp.user ? { user: opts.smtp.user, pass: opts.smtp.pass ?? '' } : undefined,
    });
    return {
      async send(mail) {
        await transport.sendMail({
          from: opts.from,
          to: mail.to,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
        });
      },
      close: () => transport.close(),
    };
  }
  const catcher = opts.catcher;
  if (!catcher) throw new Error('a mailer needs SMTP settings or a mail catcher');
  return {
    async send(mail) {
      catcher.add(opts.from, mail);
    },
    close: () => {},
  };
}
