/**
 * WebAuthn as a second factor (GoTrue's mfa.go with `[auth.mfa.web_authn] enroll_enabled` and `verify_enabled`): the
 * first challenge registers the authenticator, later ones ask it for an assertion; each verification makes the
 * session aal2 with amr `mfa/webauthn`. A software authenticator answers as a browser's would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestAuthenticator } from './authenticator.ts';
import { client, decodeJwt, email, raw, startProjectBackend, type AuthTestBackend } from './harness.ts';

const RP_ID = 'localhost';
const ORIGIN = 'http://localhost:5173';
const toml = `[auth]
site_url = "http://127.0.0.1:3000"

[auth.email]
enable_confirmations = false

[auth.mfa.web_authn]
enroll_enabled = true
verify_enabled = true

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

type Challenge = {
  id: string;
  type: string;
  webauthn: {
    type: string;
    credential_options: { publicKey: Record<string, unknown> & { challenge: string } };
  };
};
const as = (token: string) => ({ Authorization: `Bearer ${token}` });

describe('WebAuthn factors', () => {
  it('registers the authenticator on the first challenge, then steps sessions up to aal2 with assertions', async () => {
    const addr = email('mfa-webauthn');
    const sb = client(b);
    expect((await sb.auth.signUp({ email: addr, password: 'Webauthn-mfa-1' })).error).toBeNull();
    let token = (await sb.auth.getSession()).data.session!.access_token;
    const factor = await raw(
      b,
      'POST',
      '/factors',
      { factor_type: 'webauthn', friendly_name: 'Desk key' },
      as(token),
    );
    expect(factor.status).toBe(200);
    const factorId = String(factor.json?.id);

    const first = (await raw(b, 'POST', `/factors/${factorId}/challenge`, {}, as(token)))
      .json as unknown as Challenge;
    expect(first).toMatchObject({
      type: 'webauthn',
      webauthn: { type: 'create', credential_options: { publicKey: { rp: { id: RP_ID } } } },
    });
    const device = new TestAuthenticator(RP_ID, ORIGIN);
    const created = device.create(first.webauthn.credential_options.publicKey as never);
    // The answer must be of the challenge's kind.
    const wrongKind = await raw(
      b,
      'POST',
      `/factors/${factorId}/verify`,
      { challenge_id: first.id, webauthn: { type: 'request', credential_response: created } },
      as(token),
    );
    expect(wrongKind.status).toBe(400);
    const enrolled = await raw(
      b,
      'POST',
      `/factors/${factorId}/verify`,
      { challenge_id: first.id, webauthn: { type: 'create', credential_response: created } },
      as(token),
    );
    expect(enrolled.status).toBe(200);
    const claims = decodeJwt(String(enrolled.json?.access_token));
    expect(claims.aal).toBe('aal2');
    expect((claims.amr as { method: string }[]).map((a) => a.method)).toContain('mfa/webauthn');
    const factors = await raw(b, 'GET', '/user', undefined, as(String(enrolled.json?.access_token)));
    expect(
      (factors.json?.factors as { id: string; status: string }[]).find((x) => x.id === factorId)?.status,
    ).toBe('verified');

    // A new sign-in is aal1 until the same authenticator answers an assertion.
    const again = client(b);
    await again.auth.signInWithPassword({ email: addr, password: 'Webauthn-mfa-1' });
    token = (await again.auth.getSession()).data.session!.access_token;
    expect(decodeJwt(token).aal).toBe('aal1');
    const ask = (await raw(b, 'POST', `/factors/${factorId}/challenge`, {}, as(token)))
      .json as unknown as Challenge;
    expect(ask.webauthn.type).toBe('request');
    expect(ask.webauthn.credential_options.publicKey.allowCredentials).toEqual([
      expect.objectContaining({ id: device.credentialId.toString('base64url') }),
    ]);

    const stranger = new TestAuthenticator(RP_ID, ORIGIN);
    stranger.create(first.webauthn.credential_options.publicKey as never);
    const foreign = await raw(
      b,
      'POST',
      `/factors/${factorId}/verify`,
      {
        challenge_id: ask.id,
        webauthn: {
          type: 'request',
          credential_response: stranger.get(ask.webauthn.credential_options.publicKey as never),
        },
      },
      as(token),
    );
    expect(foreign.status).toBe(422);
    expect(foreign.json?.code).toBe('mfa_verification_failed');
    const malformed = await raw(
      b,
      'POST',
      `/factors/${factorId}/verify`,
      { challenge_id: ask.id, webauthn: { type: 'request', credential_response: { id: 'x' } } },
      as(token),
    );
    expect(malformed.json?.code).toBe('mfa_verification_failed');

    const answer = device.get(ask.webauthn.credential_options.publicKey as never);
    const stepped = await raw(
      b,
      'POST',
      `/factors/${factorId}/verify`,
      { challenge_id: ask.id, webauthn: { type: 'request', credential_response: answer } },
      as(token),
    );
    expect(stepped.status).toBe(200);
    expect(decodeJwt(String(stepped.json?.access_token)).aal).toBe('aal2');
    const replay = await raw(
      b,
      'POST',
      `/factors/${factorId}/verify`,
      { challenge_id: ask.id, webauthn: { type: 'request', credential_response: answer } },
      as(token),
    );
    expect(replay.status).toBe(422);
    expect(replay.json).toMatchObject({
      code: 'mfa_factor_not_found',
      msg: 'MFA factor with the provided challenge ID not found',
    });
    const missing = await raw(b, 'POST', `/factors/${factorId}/verify`, { challenge_id: ask.id }, as(token));
    expect(missing.json).toMatchObject({ code: 'validation_failed', msg: 'WebAuthn config required' });
  });
});
