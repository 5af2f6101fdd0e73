/**
 * The mail catcher's HTTP side, mounted at /mail: an inbox page, each message with its links, and a JSON API. It
 * holds every e-mail the backend sends (recovery links included), so every request passes `CatcherAccess` first:
 * loopback clients only, unless a token is configured, which others must present. Bodies are read up to 64 KiB.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ClientAddresses, isLoopbackAddress } from '../addresses.ts';
import { constantTimeEqual, sha256Hex } from '../auth/crypto.ts';
import type { MailCatcher } from './catcher.ts';
import { devPageIcon, escapeHtml } from '../text.ts';

const MAX_BODY = 64 * 1024;
const COOKIE = 'mail_catcher';

export type AccessDecision =
  { allowed: true; setCookie?: string } | { allowed: false; status: 401 | 403; message: string };

/** Who may read the catcher: the rule for everything it serves (its HTTP API here, and any other way into it). */
export class CatcherAccess {
  private readonly addresses: ClientAddresses;
  private readonly cookieValue: string | null;

  constructor(
    trustedProxies: string[],
    private readonly token: string | null,
    private readonly path = '/mail',
  ) {
    this.addresses = new ClientAddresses(trustedProxies);
    this.cookieValue = token ? sha256Hex(`mail-catcher:${token}`) : null;
  }

  /** A peer on loopback, not relaying for someone else (forwarding headers from a proxy that is not trusted). */
  isLocal(remoteAddress: string | undefined, headers: IncomingMessage['headers'] = {}): boolean {
    const client = this.addresses.of(remoteAddress, headers);
    return isLoopbackAddress(client.address) && !client.forwardedByUntrusted;
  }

  /** Non-loopback clients may come in with the token. */
  get hasToken(): boolean {
    return !!this.token;
  }

  /** Whether `presented` is the configured token (false when none is configured). */
  tokenMatches(presented: string | null | undefined): boolean {
    return !!this.token && !!presented && constantTimeEqual(presented, this.token);
  }

  check(req: IncomingMessage): AccessDecision {
    if (this.isLocal(req.socket.remoteAddress, req.headers)) return { allowed: true };
    if (!this.token) {
      return {
        allowed: false,
        status: 403,
        message:
          'The mail catcher answers loopback clients only; set MAIL_CATCHER_TOKEN to open it to others.',
      };
    }
    const auth = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1]?.trim();
    if (this.tokenMatches(auth)) return { allowed: true };
    const cookie = (req.headers.cookie ?? '')
      .split(';')
      .map((p) => p.trim().split('='))
      .find(([k]) => k === COOKIE)?.[1];
    if (cookie && this.cookieValue && constantTimeEqual(cookie, this.cookieValue)) return { allowed: true };
    const fromQuery = new URL(req.url ?? '/', 'http://catcher').searchParams.get('token');
    if (this.tokenMatches(fromQuery)) {
      return {
        allowed: true,
        setCookie: `${COOKIE}=${this.cookieValue}; Path=${this.path}; HttpOnly; SameSite=Strict`,
      };
    }
    return {
      allowed: false,
      status: 401,
      message:
        'The mail catcher needs its token: Authorization: Bearer <MAIL_CATCHER_TOKEN>, or ?token= once.',
    };
  }
}

const esc = escapeHtml;

function page(title: string, body: string): Response {
  return new Response(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title>${devPageIcon}
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

/** The catcher's routes; `path` is relative to the mount point (e.g. '/', '/api/messages'). */
export function catcherRoutes(catcher: MailCatcher, req: Request, path: string, base: string): Response {
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

function refuse(
  res: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers }).end(
    JSON.stringify({
      error:
        status === 413
          ? 'payload_too_large'
          : status === 400
            ? 'bad_request'
            : status === 401
              ? 'unauthorized'
              : 'forbidden',
      message,
    }),
  );
}

/** The catcher as a node mount at `base`: access first, then a bounded body, then the routes. */
export function mailCatcherMount(catcher: MailCatcher, base: string, access: CatcherAccess) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    void (async () => {
      const decision = access.check(req);
      if (!decision.allowed) {
        req.resume();
        const headers: Record<string, string> =
          decision.status === 401 ? { 'WWW-Authenticate': 'Bearer realm="mail catcher"' } : {};
        return refuse(res, decision.status, decision.message, headers);
      }
      const method = req.method ?? 'GET';
      let body: Buffer | undefined;
      if (method !== 'GET' && method !== 'HEAD') {
        if (Number(req.headers['content-length'] ?? 0) > MAX_BODY) {
          res.setHeader('Connection', 'close');
          req.resume();
          return refuse(res, 413, `Request bodies are limited to ${MAX_BODY} bytes.`);
        }
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of req as AsyncIterable<Buffer>) {
          size += chunk.length;
          if (size > MAX_BODY) {
            res.setHeader('Connection', 'close');
            return refuse(res, 413, `Request bodies are limited to ${MAX_BODY} bytes.`);
          }
          chunks.push(chunk);
        }
        body = Buffer.concat(chunks);
      }
      const url = `http://${req.headers.host ?? '127.0.0.1'}${req.url ?? '/'}`;
      let request: Request;
      try {
        request = new Request(url, { method, body: body?.length ? new Uint8Array(body) : undefined });
      } catch {
        return refuse(res, 400, 'Bad request');
      }
      const path = new URL(request.url).pathname.slice(base.length) || '/';
      let response: Response;
      try {
        response = catcherRoutes(catcher, request, path, base);
      } catch {
        response = json({ error: 'bad request' }, 400);
      }
      const headers: Record<string, string> = { 'Cache-Control': 'no-store' };
      response.headers.forEach((v, k) => (headers[k] = v));
      if (decision.setCookie) headers['Set-Cookie'] = decision.setCookie;
      res.writeHead(response.status, headers);
      res.end(Buffer.from(await response.arrayBuffer()));
    })().catch(() => {
      if (!res.headersSent) res.writeHead(400, { 'Content-Type': 'text/plain' });
      res.end('Bad request');
    });
  };
}
