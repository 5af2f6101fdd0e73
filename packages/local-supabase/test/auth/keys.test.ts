/**
 * Asymmetric signing keys (config.toml `[auth] signing_keys_path`, as the Supabase CLI reads it): Auth signs access
 * tokens with the signing key and publishes its public half at /.well-known/jwks.json, so supabase-js getClaims()
 * verifies them without asking the server; REST verifies them with the same one verifier; tokens signed with the
 * HS256 secret (the anon and service_role keys) stay valid.
 */
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { SignJWT, importJWK } from 'jose';
import ws from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../../src/jwt.ts';
import { admin, decodeJwt, email, raw, startProjectBackend, type AuthTestBackend } from './harness.ts';

/** A private JWK as jose's WebCrypto import takes it (no key_ops naming both halves' uses). */
const signer = (jwk: Record<string, unknown>, alg: string) => importJWK({ ...jwk, key_ops: undefined }, alg);

function privateJwk(kind: 'rsa' | 'ec', extra: Record<string, unknown> = {}) {
  const { privateKey } =
    kind === 'rsa'
      ? generateKeyPairSync('rsa', { modulusLength: 2048 })
      : generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return {
    ...privateKey.export({ format: 'jwk' }),
    kid: randomUUID(),
    alg: kind === 'rsa' ? 'RS256' : 'ES256',
    key_ops: ['sign', 'verify'],
    ...extra,
  };
}

const toml = `[auth]
site_url = "http://127.0.0.1:3000"
signing_keys_path = "./signing_keys.json"

[auth.email]
enable_confirmations = false
`;

const rsa = privateJwk('rsa');
const retired = privateJwk('ec', { key_ops: ['verify'] });
let b: AuthTestBackend;
let secret: string;

beforeAll(async () => {
  b = await startProjectBackend({ 'config.toml': toml, 'signing_keys.json': JSON.stringify([rsa, retired]) });
  secret = (b as unknown as { config: { jwtSecret: string } }).config.jwtSecret;
});

afterAll(async () => {
  await b?.stop();
});

/** A supabase-js client that records every request it makes. */
function recordingClient(on: AuthTestBackend = b) {
  const calls: string[] = [];
  const sb = createClient(on.url, on.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as never },
    global: {
      fetch: (input: RequestInfo | URL, init?: RequestInit) => {
        calls.push(
          `${init?.method ?? 'GET'} ${new URL(String(input instanceof Request ? input.url : input)).pathname}`,
        );
        return fetch(input, init);
      },
    },
  });
  return { sb, calls };
}

async function signedIn(on: AuthTestBackend = b) {
  const addr = email('keys');
  const { sb, calls } = recordingClient(on);
  const r = await sb.auth.signUp({ email: addr, password: 'Keys-pass-1' });
  expect(r.error).toBeNull();
  return { sb, calls, session: r.data.session!, addr };
}

describe('asymmetric signing keys', () => {
  it('publishes the public keys, never a private part or the HS256 secret', async () => {
    const r = await raw(b, 'GET', '/.well-known/jwks.json');
    expect(r.status).toBe(200);
    const keys = (r.json as { keys: Record<string, unknown>[] }).keys;
    expect(keys.map((k) => k.kid).sort()).toEqual([rsa.kid, retired.kid].sort());
    const pub = keys.find((k) => k.kid === rsa.kid)!;
    expect(pub).toMatchObject({
      kty: 'RSA',
      alg: 'RS256',
      use: 'sig',
      key_ops: ['verify'],
      n: rsa.n,
      e: rsa.e,
    });
    for (const k of keys)
      for (const part of ['d', 'p', 'q', 'dp', 'dq', 'qi', 'k']) expect(k[part]).toBeUndefined();
  });

  it('signs sessions with the signing key; getClaims verifies them locally, without GET /user', async () => {
    const { sb, calls, session } = await signedIn();
    const header = JSON.parse(
      Buffer.from(session.access_token.split('.')[0]!, 'base64url').toString(),
    ) as Record<string, string>;
    expect(header).toMatchObject({ alg: 'RS256', kid: rsa.kid });
    calls.length = 0;
    const claims = await sb.auth.getClaims();
    expect(claims.error).toBeNull();
    expect(claims.data?.claims.sub).toBe(session.user.id);
    expect(calls).toContain('GET /auth/v1/.well-known/jwks.json');
    expect(calls).not.toContain('GET /auth/v1/user');
  });

  it('REST verifies the RS256 access token with the same verifier (RLS sees the user)', async () => {
    for (const statement of [
      'create table public.notes (id serial primary key, owner uuid not null default auth.uid(), body text not null)',
      'alter table public.notes enable row level security',
      'create policy own on public.notes for all to authenticated using (owner = auth.uid()) with check (owner = auth.uid())',
      'grant all on public.notes to authenticated',
      'grant usage on sequence public.notes_id_seq to authenticated',
    ])
      await b.sql(statement);
    const { sb, session } = await signedIn();
    const inserted = await sb.from('notes').insert({ body: 'signed with RS256' }).select().single();
    expect(inserted.error).toBeNull();
    expect(inserted.data?.owner).toBe(session.user.id);
    const forged = await new SignJWT({ ...decodeJwt(session.access_token) })
      .setProtectedHeader({ alg: 'RS256', kid: rsa.kid })
      .sign(await signer(privateJwk('rsa'), 'RS256'));
    const r = await fetch(`${b.url}/rest/v1/notes`, {
      headers: { apikey: b.anonKey, Authorization: `Bearer ${forged}` },
    });
    expect(r.status).toBe(401);
  });

  it('still accepts HS256 tokens signed with the secret, and refuses tokens of an unknown key', async () => {
    const { session } = await signedIn();
    const claims = decodeJwt(session.access_token);
    const hs = await signJwt(claims, secret);
    const me = await raw(b, 'GET', '/user', undefined, { Authorization: `Bearer ${hs}` });
    expect(me.status).toBe(200);
    expect((await admin(b).auth.admin.listUsers()).error).toBeNull();
    const stranger = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: randomUUID() })
      .sign(await signer(privateJwk('rsa'), 'RS256'));
    const refused = await raw(b, 'GET', '/user', undefined, { Authorization: `Bearer ${stranger}` });
    expect(refused.status).toBe(403);
    expect(refused.json?.code).toBe('bad_jwt');
  });

  it('a token signed with a verify-only (retired) key is still accepted', async () => {
    const { session } = await signedIn();
    const old = await new SignJWT(decodeJwt(session.access_token))
      .setProtectedHeader({ alg: 'ES256', kid: retired.kid })
      .sign(await signer(retired, 'ES256'));
    expect((await raw(b, 'GET', '/user', undefined, { Authorization: `Bearer ${old}` })).status).toBe(200);
  });
});

describe('every service verifies both kinds of token', () => {
  /** A client whose REST, Storage and Realtime calls all carry `token`. */
  function tokenClient(token: string) {
    const sb = createClient(b.url, b.anonKey, {
      accessToken: async () => token,
      realtime: { transport: ws as never },
    });
    void sb.realtime.setAuth(token);
    return sb;
  }

  function join(sb: ReturnType<typeof tokenClient>, topic: string): Promise<string> {
    return new Promise((resolve) => {
      sb.channel(topic, { config: { private: true } }).subscribe((status) => {
        if (status !== 'SUBSCRIBED' && status !== 'CHANNEL_ERROR') return;
        resolve(status);
        void sb.removeAllChannels();
      });
    });
  }

  it('REST, Storage and Realtime accept an RS256 session token and the same claims signed HS256; refuse an unknown key', async () => {
    for (const statement of [
      'create table if not exists public.key_notes (id serial primary key, owner uuid not null default auth.uid(), body text)',
      'alter table public.key_notes enable row level security',
      'create policy own on public.key_notes for all to authenticated using (owner = auth.uid()) with check (owner = auth.uid())',
      'grant all on public.key_notes to authenticated',
      'grant usage on sequence public.key_notes_id_seq to authenticated',
      "insert into storage.buckets (id, name, public) values ('keyed', 'keyed', false) on conflict do nothing",
      "create policy keyed_write on storage.objects for insert to authenticated with check (bucket_id = 'keyed' and owner_id = auth.uid()::text)",
      "create policy keyed_read on storage.objects for select to authenticated using (bucket_id = 'keyed' and owner_id = auth.uid()::text)",
      'create policy keyed_rt on realtime.messages for select to authenticated using (true)',
    ])
      await b.sql(statement);
    const { session } = await signedIn();
    const claims = decodeJwt(session.access_token);
    const tokens = {
      rs256: session.access_token,
      hs256: await signJwt(claims, secret),
    };
    for (const [kind, token] of Object.entries(tokens)) {
      const sb = tokenClient(token);
      const row = await sb.from('key_notes').insert({ body: kind }).select().single();
      expect(row.error, kind).toBeNull();
      expect(row.data?.owner).toBe(session.user.id);
      const up = await sb.storage
        .from('keyed')
        .upload(`${kind}-${randomUUID()}.txt`, new Blob([kind]), { contentType: 'text/plain' });
      expect(up.error, kind).toBeNull();
      expect((await sb.storage.from('keyed').download(up.data!.path)).error, kind).toBeNull();
      expect(await join(sb, `keys-${kind}`), kind).toBe('SUBSCRIBED');
    }
    const stranger = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: rsa.kid })
      .sign(await signer(privateJwk('rsa'), 'RS256'));
    const bad = tokenClient(stranger);
    expect((await bad.from('key_notes').select()).error?.code).toBe('PGRST301');
    const refused = await bad.storage.from('keyed').upload(`x-${randomUUID()}.txt`, new Blob(['x']));
    expect(refused.error).not.toBeNull();
    expect(await join(bad, 'keys-forged')).toBe('CHANNEL_ERROR');
    const stored = await b.sql<{ n: number }>(
      "select count(*)::int as n from storage.objects where bucket_id = 'keyed'",
    );
    expect(stored[0]!.n).toBe(2);
  });
});

describe('signing key configuration', () => {
  it('signs with an ES256 key too; getClaims verifies it locally, and a rotated verify-only RSA key still verifies', async () => {
    const ec = privateJwk('ec');
    const oldRsa = privateJwk('rsa', { key_ops: ['verify'] });
    const b2 = await startProjectBackend({
      'config.toml': toml,
      'signing_keys.json': JSON.stringify([oldRsa, ec]),
    });
    try {
      const { sb, calls, session } = await signedIn(b2);
      const header = JSON.parse(
        Buffer.from(session.access_token.split('.')[0]!, 'base64url').toString(),
      ) as Record<string, string>;
      expect(header).toMatchObject({ alg: 'ES256', kid: ec.kid });
      calls.length = 0;
      const claims = await sb.auth.getClaims();
      expect(claims.error).toBeNull();
      expect(claims.data?.claims).toMatchObject({ sub: session.user.id, role: 'authenticated' });
      expect(calls).toEqual(['GET /auth/v1/.well-known/jwks.json']);
      const jwks = (await raw(b2, 'GET', '/.well-known/jwks.json')).json as {
        keys: { kid: string; kty: string }[];
      };
      expect(jwks.keys.map((k) => [k.kid, k.kty]).sort()).toEqual(
        [
          [oldRsa.kid, 'RSA'],
          [ec.kid, 'EC'],
        ].sort(),
      );
      // A token the previous (now verify-only) RSA key signed before the rotation.
      const before = await new SignJWT(decodeJwt(session.access_token))
        .setProtectedHeader({ alg: 'RS256', kid: oldRsa.kid })
        .sign(await signer(oldRsa, 'RS256'));
      expect((await raw(b2, 'GET', '/user', undefined, { Authorization: `Bearer ${before}` })).status).toBe(
        200,
      );
      const verifier = recordingClient(b2).sb;
      const checked = await verifier.auth.getClaims(before);
      expect(checked.error).toBeNull();
      expect(checked.data?.claims.sub).toBe(session.user.id);
      // A token whose signature does not match its key is refused by getClaims too.
      const forged = `${before.split('.').slice(0, 2).join('.')}.${session.access_token.split('.')[2]}`;
      expect((await verifier.auth.getClaims(forged)).error).not.toBeNull();
    } finally {
      await b2.stop();
    }
  });

  it('refuses to start on a missing file, two signing keys, or a key without kid — saying which', async () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ 'config.toml': toml }, /signing keys: cannot read .*signing_keys\.json/],
      [
        { 'config.toml': toml, 'signing_keys.json': JSON.stringify([privateJwk('rsa'), privateJwk('rsa')]) },
        /multiple signing keys/,
      ],
      [
        {
          'config.toml': toml,
          'signing_keys.json': JSON.stringify([{ ...privateJwk('rsa'), kid: undefined }]),
        },
        /has no "kid"/,
      ],
      [{ 'config.toml': toml, 'signing_keys.json': '{"keys": []}' }, /JSON array/],
    ];
    for (const [files, reason] of cases) {
      const err = await startProjectBackend(files).then(
        (x) => x.stop().then(() => null),
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(Error);
      expect((err as Error).message).toMatch(reason);
    }
  });
});
