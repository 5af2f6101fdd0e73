/**
 * Supabase Auth (GoTrue) for the local backend: `/auth/v1/*` as a Web-standard handler through one route table
 * (routes.ts → router.ts → handlers/*, over the typed store in store/*), plus two node mounts: the mail catcher
 * (`/mail`, only when no SMTP server is configured) and the development OpenID Connect provider (`/oidc`).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BackendConfig } from '../config.ts';
import { verifierFor } from '../http.ts';
import { ClientAddresses } from '../addresses.ts';
import type { AuthContext } from './context.ts';
import { CatcherAccess, createMailer, MailCatcher, mailCatcherMount, type Mailer } from '../mail/index.ts';
import { createDevOidc } from './oidc.ts';
import { redirectTarget } from './redirects.ts';
import { RateLimiter } from './ratelimit.ts';
import { createRouter } from './router.ts';
import { routes } from './routes.ts';
import {
  resolveSettings,
  type AuthConfigInput,
  type AuthSettings,
  type ExternalProviderSettings,
} from './settings.ts';
import { Store, type AuthDatabase } from './store/index.ts';
import { Tokens } from './tokens.ts';

export { MailCatcher, CatcherAccess, type CaughtMessage } from '../mail/index.ts';
export { DEMO_ACCOUNTS } from './oidc.ts';
export type { AuthSettings } from './settings.ts';

export interface CreateAuthOptions {
  db: AuthDatabase;
  config: BackendConfig;
  /** Where the backend is reachable, e.g. http://127.0.0.1:54321 (no trailing slash). */
  publicUrl: string;
  env?: Record<string, string | undefined>;
}

export type NodeMount = (req: IncomingMessage, res: ServerResponse) => void;

export interface AuthModule {
  /** Answers /auth/v1; `remoteAddress` is the socket's peer (the client, unless it is a trusted proxy). */
  handle(req: Request, remoteAddress?: string): Promise<Response>;
  nodeMounts: Record<string, NodeMount>;
  close(): Promise<void>;
  /** The inbox, when no SMTP server is configured (null otherwise). */
  mailCatcher: MailCatcher | null;
  /** Who may read the mail catcher (loopback, or the token): for anything else that serves it. */
  catcherAccess: CatcherAccess;
  settings: AuthSettings;
  /** URL of the mail catcher page ('' when mail goes out over SMTP). */
  mailUrl: string;
}

export async function createAuth(opts: CreateAuthOptions): Promise<AuthModule> {
  const settings = resolveSettings(opts.config as unknown as AuthConfigInput, opts.env ?? process.env);
  const publicUrl = opts.publicUrl.replace(/\/+$/, '');
  const issuer = `${publicUrl}/auth/v1`;
  const catcher = settings.smtp ? null : new MailCatcher();
  const mailer: Mailer = createMailer({
    smtp: settings.smtp,
    from: `${settings.senderName} <${settings.sender}>`,
    catcher,
  });
  const providers: Record<string, ExternalProviderSettings> = { ...settings.providers };
  const nodeMounts: Record<string, NodeMount> = {};
  if (settings.devOidc && !providers.facebook) {
    const dev = await createDevOidc({ publicUrl, callbackUrl: `${issuer}/callback` });
    providers.facebook = dev.provider;
    nodeMounts['/oidc'] = dev.mount;
  }
  const catcherAccess = new CatcherAccess(settings.trustedProxies, settings.mailCatcherToken);
  if (catcher) nodeMounts['/mail'] = mailCatcherMount(catcher, '/mail', catcherAccess);

  const context: AuthContext = {
    settings,
    store: Store.open(opts.db),
    issuer,
    publicUrl,
    // The backend's one verifier: Auth signs with it what REST, Storage and Functions verify.
    tokens: new Tokens(verifierFor(opts.config)),
    mailer,
    limiter: new RateLimiter(),
    providers,
    stateKey: new TextEncoder().encode(`oauth-state:${settings.jwtSecret}`),
    redirectTo: (raw) => redirectTarget(settings, raw),
  };
  const addresses = new ClientAddresses(settings.trustedProxies);
  const handle = createRouter(
    context,
    routes,
    (req, remoteAddress) => addresses.of(remoteAddress, req.headers).address,
  );

  return {
    handle,
    nodeMounts,
    mailCatcher: catcher,
    catcherAccess,
    settings,
    mailUrl: catcher ? `${publicUrl}/mail` : '',
    async close() {
      mailer.close();
    },
  };
}
