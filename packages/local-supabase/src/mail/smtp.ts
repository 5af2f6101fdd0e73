/**
 * The mail catcher's SMTP side: an SMTP listener (smtp-server) on loopback that parses each message (mailparser)
 * into the same in-memory inbox as the Auth e-mails, attachments included. The server functions send through it
 * with nodemailer exactly as they would through a real SMTP relay; the catcher's page and JSON API (with their
 * own access rules) show what arrived.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { CatcherAccess, MailCatcher } from './index.ts';

export interface SmtpCatcher {
  host: string;
  port: number;
  /** Settings for a client (nodemailer) that should deliver here. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export interface SmtpCatcherOptions {
  catcher: MailCatcher;
  /** The catcher's access rule (loopback, or the MAIL_CATCHER_TOKEN as the AUTH password). */
  access: CatcherAccess;
  host?: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** Largest message accepted (SIZE extension; bigger ones are refused with 552). Default 10 MiB. */
  maxBytes?: number;
}

function addresses(list: AddressObject | AddressObject[] | undefined): string[] {
  if (!list) return [];
  return (Array.isArray(list) ? list : [list]).flatMap((a) =>
    a.value.map((v) => v.address ?? '').filter(Boolean),
  );
}

export async function startSmtpCatcher(opts: SmtpCatcherOptions): Promise<SmtpCatcher> {
  const host = opts.host ?? '127.0.0.1';
  const maxBytes = opts.maxBytes ?? 10 * 1024 * 1024;
  const server = new SMTPServer({
    name: 'local-supabase',
    banner: 'local-supabase mail catcher',
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    size: maxBytes,
    // Anyone who can reach the port could fill the inbox: the catcher's rule decides — this machine, or a client
    // that authenticates with the catcher's token.
    onConnect(session, callback) {
      if (!opts.access.isLocal(session.remoteAddress) && !opts.access.hasToken)
        return callback(new Error('Only loopback clients may deliver here'));
      callback();
    },
    onAuth(auth, session, callback) {
      // Loopback clients may use any credentials, as Mailpit and Inbucket accept, so SMTP_USER works; others the token.
      if (opts.access.isLocal(session.remoteAddress) || opts.access.tokenMatches(auth.password))
        return callback(null, { user: 'local' });
      callback(new Error('Invalid username or password'));
    },
    onMailFrom(_address, session, callback) {
      if (!opts.access.isLocal(session.remoteAddress) && !session.user)
        return callback(Object.assign(new Error('Authentication required'), { responseCode: 530 }));
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          if ((stream as unknown as { sizeExceeded?: boolean }).sizeExceeded) {
            const err = Object.assign(new Error('Message exceeds the size limit'), { responseCode: 552 });
            return callback(err);
          }
          const to = session.envelope.rcptTo.map((r) => r.address);
          const from = parsed.from?.text ?? session.envelope.mailFrom?.toString() ?? '';
          opts.catcher.add(from, {
            to: to.length ? to : addresses(parsed.to),
            subject: parsed.subject ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            text: parsed.text ?? '',
            attachments: parsed.attachments.map((a) => ({
              filename: a.filename ?? 'attachment',
              contentType: a.contentType,
              size: a.size,
              content: a.content.toString('base64'),
            })),
          });
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  server.on('error', (err) => console.error('[local-supabase smtp]', err.message));
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    host,
    port,
    env: { SMTP_HOST: host, SMTP_PORT: String(port), SMTP_SECURE: 'false' },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
