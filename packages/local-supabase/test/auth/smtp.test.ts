/** With SMTP configured, Auth mails go out over SMTP (nodemailer) instead of into the mail catcher. */
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, email, startAuthBackend, type AuthTestBackend } from './harness.ts';

interface Received {
  from: string;
  to: string[];
  data: string;
}

/** A minimal SMTP server (RFC 5321 happy path, no TLS, no auth) that records what it receives. */
function smtpServer(received: Received[]): Server {
  return createServer((socket: Socket) => {
    let buffer = '';
    let inData = false;
    let current: Received = { from: '', to: [], data: '' };
    socket.write('220 test-smtp ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(current);
          current = { from: '', to: [], data: '' };
          socket.write('250 OK queued\r\n');
          continue;
        }
        const nl = buffer.indexOf('\r\n');
        if (nl < 0) return;
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250-test-smtp\r\n250 8BITMIME\r\n');
        else if (verb === 'MAIL') {
          current.from = /<([^>]*)>/.exec(line)?.[1] ?? '';
          socket.write('250 OK\r\n');
        } else if (verb === 'RCPT') {
          current.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          socket.write('250 OK\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 End data with <CR><LF>.<CR><LF>\r\n');
        } else if (verb === 'QUIT') {
          socket.end('221 Bye\r\n');
          return;
        } else socket.write('250 OK\r\n');
      }
    });
    socket.on('error', () => {});
  });
}

const received: Received[] = [];
let smtp: Server;
let b: AuthTestBackend;

beforeAll(async () => {
  smtp = smtpServer(received);
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
  const port = (smtp.address() as { port: number }).port;
  b = await startAuthBackend({}, { smtp: { host: '127.0.0.1', port, sender: 'accounts@pentland.test' } });
});

afterAll(async () => {
  await b?.stop();
  await new Promise<void>((r) => (smtp ? smtp.close(() => r()) : r()));
});

describe('SMTP delivery', () => {
  it('sends the confirmation mail through the SMTP server, with the verify link, and not into the catcher', async () => {
    const addr = email('smtp');
    const { error } = await client(b).auth.signUp({ email: addr, password: 'Smtp-pass-1' });
    expect(error).toBeNull();
    const msg = received.find((m) => m.to.includes(addr));
    expect(msg).toBeDefined();
    expect(msg!.from).toBe('accounts@pentland.test');
    expect(msg!.data).toContain('Subject: Confirm Your Signup');
    const unfolded = msg!.data.replace(/=\r\n/g, '').replace(/=3D/g, '=');
    expect(unfolded).toContain(`${b.url}/auth/v1/verify?token=`);
    // With SMTP configured there is no mail catcher at all.
    const catcher = await fetch(`${b.url}/mail/api/messages?to=${encodeURIComponent(addr)}`);
    expect(catcher.status).toBe(404);
    expect((await fetch(`${b.url}/mail/`)).status).toBe(404);
  });
});
