/**
 * The embedded development identity provider: a real OpenID Connect server (oidc-provider)
 * mounted at /oidc, whose sign-in page lists demo accounts to click. Registered as `facebook`
 * by default so the whole social redirect flow runs offline.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';
import type { ExternalProviderSettings } from './settings.ts';
import { devPageIcon, escapeHtml } from '../text.ts';

export interface DemoAccount {
  id: string;
  name: string;
  givenName: string;
  familyName: string;
  email: string;
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    id: 'fiona-sinclair',
    name: 'Fiona Sinclair',
    givenName: 'Fiona',
    familyName: 'Sinclair',
    email: 'fiona@pentland.test',
  },
  {
    id: 'magnus-gunn',
    name: 'Magnus Gunn',
    givenName: 'Magnus',
    familyName: 'Gunn',
    email: 'magnus@pentland.test',
  },
];

export interface DevOidc {
  /** Settings to register it as an external provider. */
  provider: ExternalProviderSettings;
  mount: (req: IncomingMessage, res: ServerResponse) => void;
}

const esc = escapeHtml;

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of req) {
    size += (c as Buffer).length;
    if (size > 16_384) break;
    chunks.push(c as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function createDevOidc(opts: {
  publicUrl: string;
  callbackUrl: string;
  prefix?: string;
}): Promise<DevOidc> {
  const prefix = opts.prefix ?? '/oidc';
  const issuer = `${opts.publicUrl}${prefix}`;
  const clientId = 'local-supabase-auth';
  const clientSecret = randomBytes(24).toString('base64url');
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'dev-oidc' };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [opts.callbackUrl],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [jwk as never] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'picture'],
    },
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => false },
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 60,
      Grant: 14 * 24 * 3600,
      IdToken: 3600,
      Interaction: 3600,
      Session: 14 * 24 * 3600,
    },
    interactions: {
      url: (_ctx: unknown, interaction: { uid: string }) => `${prefix}/interaction/${interaction.uid}`,
    },
    async findAccount(_ctx: unknown, id: string) {
      const acc = DEMO_ACCOUNTS.find((a) => a.id === id);
      if (!acc) return undefined;
      return {
        accountId: acc.id,
        async claims() {
          return {
            sub: acc.id,
            email: acc.email,
            email_verified: true,
            name: acc.name,
            given_name: acc.givenName,
            family_name: acc.familyName,
          };
        },
      };
    },
  });
  // Quiet: errors are answered to the client; nothing to log in tests.
  provider.on('server_error', () => {});

  const callback = provider.callback();

  async function interaction(
    req: IncomingMessage,
    res: ServerResponse,
    uid: string,
    action: string | undefined,
  ): Promise<void> {
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) throw new Error('interaction mismatch');
    if (action === 'login' && req.method === 'POST') {
      const form = await readForm(req);
      const accountId = form.get('account') ?? '';
      if (!DEMO_ACCOUNTS.some((a) => a.id === accountId)) {
        res.writeHead(400, { 'Content-Type': 'text/plain' }).end('Unknown account');
        return;
      }
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    if (action === 'abort' && req.method === 'POST') {
      await provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'The user cancelled the sign-in.' },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const { prompt, params, session } = details;
    if (prompt.name === 'consent' && session?.accountId) {
      // The development provider grants what the client asked for.
      const grant = details.grantId
        ? ((await provider.Grant.find(details.grantId)) ??
          new provider.Grant({ accountId: session.accountId, clientId: String(params.client_id) }))
        : new provider.Grant({ accountId: session.accountId, clientId: String(params.client_id) });
      const d = prompt.details as {
        missingOIDCScope?: string[];
        missingOIDCClaims?: string[];
        missingResourceScopes?: Record<string, string[]>;
      };
      if (d.missingOIDCScope) grant.addOIDCScope(d.missingOIDCScope.join(' '));
      if (d.missingOIDCClaims) grant.addOIDCClaims(d.missingOIDCClaims);
      for (const [indicator, scopes] of Object.entries(d.missingResourceScopes ?? {}))
        grant.addResourceScope(indicator, scopes.join(' '));
      const grantId = await grant.save();
      await provider.interactionFinished(
        req,
        res,
        { consent: { grantId } },
        { mergeWithLastSubmission: true },
      );
      return;
    }
    const base = `${prefix}/interaction/${encodeURIComponent(uid)}`;
    const buttons = DEMO_ACCOUNTS.map(
      (
        a,
      ) => `<li><form method="post" action="${base}/login"><input type="hidden" name="account" value="${esc(a.id)}">
<button type="submit" class="account"><strong>${esc(a.name)}</strong><span>${esc(a.email)}</span></button></form></li>`,
    ).join('');
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in – development provider</title>${devPageIcon}
<style>body{font-family:system-ui,sans-serif;max-width:420px;margin:48px auto;color:#1c1e21}ul{list-style:none;padding:0}
button.account{display:flex;flex-direction:column;align-items:flex-start;width:100%;padding:12px 16px;margin:8px 0;border:1px solid #ccd0d5;border-radius:8px;background:#fff;cursor:pointer;font-size:16px}
button.account span{color:#606770;font-size:14px}</style></head>
<body><h1>Sign in</h1><p>Development identity provider (registered as Facebook). Choose a demo account:</p>
<ul>${buttons}</ul>
<form method="post" action="${base}/abort"><button type="submit">Cancel</button></form></body></html>`);
  }

  const mount = (req: IncomingMessage, res: ServerResponse): void => {
    const full = req.url ?? '/';
    const rest = full.slice(prefix.length) || '/';
    const m = /^\/interaction\/([^/?#]+)(?:\/(login|abort))?(?:[?#].*)?$/.exec(rest);
    if (m) {
      interaction(req, res, decodeURIComponent(m[1]!), m[2]).catch((err: unknown) => {
        if (!res.headersSent) {
          res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' });
          res.end(`Sign-in failed: ${err instanceof Error ? err.message : String(err)}`);
        }
      });
      return;
    }
    (req as IncomingMessage & { originalUrl?: string }).originalUrl = full;
    req.url = rest.startsWith('/') ? rest : `/${rest}`;
    void callback(req, res);
  };

  return {
    provider: {
      clientId,
      secret: clientSecret,
      authorizeUrl: `${issuer}/auth`,
      tokenUrl: `${issuer}/token`,
      userinfoUrl: `${issuer}/me`,
      scopes: 'openid email profile',
      dev: true,
    },
    mount,
  };
}
