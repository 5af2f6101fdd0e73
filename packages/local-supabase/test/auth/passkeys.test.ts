/**
 * Passkeys through supabase-js (auth.passkey.*, auth.admin.passkey.*) with a software authenticator, as config.toml
 * `[auth.passkey]` and `[auth.webauthn]` turn them on: registration, discoverable sign-in, challenges used once,
 * foreign or deleted credentials refused, the management API, and GoTrue's answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestAuthenticator } from './authenticator.ts';
import {
  admin,
  client,
  decodeJwt,
  email,
  raw,
  startProjectBackend,
  type AuthTestBackend,
} from './harness.ts';

const RP_ID = 'localhost';
const ORIGIN = 'http://localhost:5173';
const toml = `[auth]
site_url = "http://127.0.0.1:3000"

[auth.email]
enable_confirmations = false

[auth.passkey]
enabled = true

[auth.webauthn]
rp_display_name = "Pentland Cloud"
rp_id = "${RP_ID}"
rp_origins = ["${ORIGIN}"]
`;

let b: AuthTestBackend;

beforeAll(async () => {
  b = await startProjectBackend({ 'config.toml': toml });
});

afterAll(async () => {
  await b?.stop();
});

async function withPasskey() {
  const sb = client(b);
  const addr = email('passkey');
  const up = await sb.auth.signUp({ email: addr, password: 'Passkey-pass-1' });
  expect(up.error).toBeNull();
  const device = new TestAuthenticator(RP_ID, ORIGIN);
  const start = await sb.auth.passkey.startRegistration();
  expect(start.error).toBeNull();
  const made = await sb.auth.passkey.verifyRegistration({
    challengeId: start.data!.challenge_id,
    credential: device.create(start.data!.options) as never,
  });
  expect(made.error).toBeNull();
  return { sb, device, userId: up.data.user!.id, passkeyId: made.data!.id };
}

async function signInWith(device: TestAuthenticator) {
  const sb = client(b);
  const start = await sb.auth.passkey.startAuthentication();
  expect(start.error).toBeNull();
  const res = await sb.auth.passkey.verifyAuthentication({
    challengeId: start.data!.challenge_id,
    credential: device.get(start.data!.options) as never,
  });
  return { sb, start, res };
}

describe('passkeys', () => {
  it('registers a passkey with the relying party of config.toml and signs in with it (discoverable, amr passkey)', async () => {
    const sb = client(b);
    const up = await sb.auth.signUp({ email: email('passkey-rp'), password: 'Passkey-pass-1' });
    const start = await sb.auth.passkey.startRegistration();
    expect(start.error).toBeNull();
    expect(start.data!.challenge_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(start.data!.expires_at).toBeGreaterThan(Date.now() / 1000);
    expect(start.data!.options).toMatchObject({
      rp: { id: RP_ID, name: 'Pentland Cloud' },
      authenticatorSelection: { residentKey: 'required' },
    });
    expect(Buffer.from(start.data!.options.user.id, 'base64url').toString()).toBe(up.data.user!.id);
    expect(start.data!.options.pubKeyCredParams).toContainEqual(
      expect.objectContaining({ alg: -7, type: 'public-key' }),
    );

    const device = new TestAuthenticator(RP_ID, ORIGIN);
    const made = await sb.auth.passkey.verifyRegistration({
      challengeId: start.data!.challenge_id,
      credential: device.create(start.data!.options) as never,
    });
    expect(made.error).toBeNull();
    expect(made.data!.id).toMatch(/^[0-9a-f-]{36}$/);

    const { sb: fresh, start: auth, res } = await signInWith(device);
    expect(auth.data!.options.allowCredentials ?? []).toEqual([]);
    expect(res.error).toBeNull();
    expect(res.data!.user!.id).toBe(up.data.user!.id);
    const claims = decodeJwt(res.data!.session!.access_token);
    expect((claims.amr as { method: string }[]).map((a) => a.method)).toEqual(['passkey']);
    expect((await fresh.auth.getUser()).data.user?.id).toBe(up.data.user!.id);
    const listed = await sb.auth.passkey.list();
    expect(listed.data![0]).toMatchObject({ id: made.data!.id, last_used_at: expect.any(String) });
  });

  it('uses a challenge once; refuses an unknown challenge, a foreign origin, an unregistered or deleted authenticator', async () => {
    const { sb, device, passkeyId } = await withPasskey();
    const start = await client(b).auth.passkey.startAuthentication();
    const answer = device.get(start.data!.options);
    const first = await client(b).auth.passkey.verifyAuthentication({
      challengeId: start.data!.challenge_id,
      credential: answer as never,
    });
    expect(first.error).toBeNull();
    const replay = await client(b).auth.passkey.verifyAuthentication({
      challengeId: start.data!.challenge_id,
      credential: answer as never,
    });
    expect(replay.error?.code).toBe('webauthn_challenge_not_found');

    const reg = await sb.auth.passkey.startRegistration();
    const unknown = await sb.auth.passkey.verifyRegistration({
      challengeId: '00000000-0000-4000-8000-000000000000',
      credential: new TestAuthenticator(RP_ID, ORIGIN).create(reg.data!.options) as never,
    });
    expect(unknown.error?.code).toBe('webauthn_challenge_not_found');
    const phished = await sb.auth.passkey.verifyRegistration({
      challengeId: reg.data!.challenge_id,
      credential: new TestAuthenticator(RP_ID, ORIGIN).create(
        reg.data!.options,
        'https://evil.example',
      ) as never,
    });
    expect(phished.error?.code).toBe('webauthn_verification_failed');

    // Malformed answers are refused as unverifiable (never a 500), and spend their challenge.
    for (const credential of [
      {},
      { id: 'x', response: 'y' },
      { id: answer.id, response: { ...answer.response, signature: 'AA' } },
    ]) {
      const opts = await raw(b, 'POST', '/passkeys/authentication/options', {});
      const bad = await raw(b, 'POST', '/passkeys/authentication/verify', {
        challenge_id: opts.json?.challenge_id,
        credential,
      });
      expect(bad.status, JSON.stringify(credential)).toBe(400);
      expect(bad.json?.code).toBe('webauthn_verification_failed');
    }
    expect(
      (await raw(b, 'POST', '/passkeys/authentication/verify', { challenge_id: 'nope', credential: {} }))
        .json,
    ).toMatchObject({
      code: 'validation_failed',
      msg: 'challenge_id must be a valid UUID',
    });

    const stranger = await signInWith(new TestAuthenticator(RP_ID, ORIGIN));
    expect(stranger.res.error?.code).toBe('webauthn_verification_failed');
    expect(stranger.res.data).toBeNull();

    expect((await sb.auth.passkey.delete({ passkeyId })).error).toBeNull();
    expect((await sb.auth.passkey.list()).data).toEqual([]);
    const deleted = await signInWith(device);
    expect(deleted.res.error?.code).toBe('webauthn_verification_failed');
    const counts = await b.sql<{ n: number }>(
      'select count(*)::int as n from auth.webauthn_challenges where id = $1',
      [start.data!.challenge_id],
    );
    expect(counts[0]!.n).toBe(0);
  });

  it("renames with validation, 404s for a passkey that is not the user's, needs a session; the admin lists and deletes", async () => {
    const { sb, userId, passkeyId } = await withPasskey();
    const renamed = await sb.auth.passkey.update({ passkeyId, friendlyName: 'Work laptop' });
    expect(renamed.error).toBeNull();
    expect(renamed.data).toMatchObject({ id: passkeyId, friendly_name: 'Work laptop' });
    const token = (await sb.auth.getSession()).data.session!.access_token;
    const empty = await raw(
      b,
      'PATCH',
      `/passkeys/${passkeyId}`,
      { friendly_name: '' },
      { Authorization: `Bearer ${token}` },
    );
    expect(empty.json).toMatchObject({ code: 'validation_failed', msg: 'friendly_name is required' });
    const long = await raw(
      b,
      'PATCH',
      `/passkeys/${passkeyId}`,
      { friendly_name: 'x'.repeat(121) },
      { Authorization: `Bearer ${token}` },
    );
    expect(long.status).toBe(400);

    const other = await withPasskey();
    const foreign = await other.sb.auth.passkey.update({ passkeyId, friendlyName: 'mine now' });
    expect(foreign.error?.status).toBe(404);
    expect((await other.sb.auth.passkey.delete({ passkeyId })).error?.status).toBe(404);
    expect((await client(b).auth.passkey.startRegistration()).error?.name).toBe('AuthSessionMissingError');

    const listed = await admin(b).auth.admin.passkey.listPasskeys({ userId });
    expect(listed.data?.map((p) => p.id)).toEqual([passkeyId]);
    expect((await admin(b).auth.admin.passkey.deletePasskey({ userId, passkeyId })).error).toBeNull();
    expect((await sb.auth.passkey.list()).data).toEqual([]);
  });
});

describe('passkeys disabled', () => {
  it('answers 404 passkey_disabled unless config.toml enables them', async () => {
    const off = await startProjectBackend({ 'config.toml': '[auth]\nsite_url = "http://127.0.0.1:3000"\n' });
    try {
      const r = await raw(off, 'POST', '/passkeys/authentication/options', {});
      expect(r.status).toBe(404);
      expect(r.json).toMatchObject({ code: 'passkey_disabled', msg: 'Passkeys are disabled' });
    } finally {
      await off.stop();
    }
  });
});
