// GoTrue's two password-change settings (Security.UpdatePasswordRequireCurrentPassword and
// UpdatePasswordRequireReauthentication), on: PUT /user as hosted Supabase answers it with them enabled.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  admin,
  client,
  email,
  follow,
  lastMail,
  otpOf,
  startAuthBackend,
  verifyLink,
  type AuthTestBackend,
} from './harness.ts';

let b: AuthTestBackend;

beforeAll(async () => {
  b = await startAuthBackend({
    updatePasswordRequireCurrentPassword: true,
    updatePasswordRequireReauthentication: true,
  });
});

afterAll(async () => {
  await b?.stop();
});

async function signedIn(tag: string, password = 'Wick-harbour-1') {
  const addr = email(tag);
  await admin(b).auth.admin.createUser({ email: addr, password, email_confirm: true });
  const sb = client(b);
  const { error } = await sb.auth.signInWithPassword({ email: addr, password });
  expect(error).toBeNull();
  return { addr, sb, password };
}

const canSignIn = async (addr: string, password: string) =>
  (await client(b).auth.signInWithPassword({ email: addr, password })).error === null;

describe('the current password (UpdatePasswordRequireCurrentPassword)', () => {
  it('is required and must be right; a refused change leaves the old password working', async () => {
    const { addr, sb, password } = await signedIn('current');
    const missing = await sb.auth.updateUser({ password: 'Brand-new-2' });
    expect(missing.error?.status).toBe(400);
    expect(missing.error?.code).toBe('current_password_required');
    const wrong = await sb.auth.updateUser({ password: 'Brand-new-2', current_password: 'not-my-password' });
    expect(wrong.error?.status).toBe(400);
    expect(wrong.error?.code).toBe('current_password_invalid');
    expect(await canSignIn(addr, password)).toBe(true);
    expect(await canSignIn(addr, 'Brand-new-2')).toBe(false);

    const right = await sb.auth.updateUser({ password: 'Brand-new-2', current_password: password });
    expect(right.error).toBeNull();
    expect(await canSignIn(addr, 'Brand-new-2')).toBe(true);
    expect(await canSignIn(addr, password)).toBe(false);
  });

  it('is not asked in a session from the recovery link, nor for changes other than the password', async () => {
    const { addr, sb } = await signedIn('recovery');
    expect((await sb.auth.updateUser({ data: { full_name: 'Eilidh Bain' } })).error).toBeNull();
    const reset = client(b);
    await reset.auth.resetPasswordForEmail(addr, { redirectTo: 'http://127.0.0.1:3000/auth/reset-password' });
    const loc = await follow(verifyLink(await lastMail(b, addr)));
    expect((await reset.auth.exchangeCodeForSession(loc.searchParams.get('code')!)).error).toBeNull();
    expect((await reset.auth.updateUser({ password: 'After-reset-3' })).error).toBeNull();
    expect(await canSignIn(addr, 'After-reset-3')).toBe(true);
  });
});

describe('reauthentication (UpdatePasswordRequireReauthentication)', () => {
  it('a session over a day old needs the mailed nonce; a wrong one changes nothing', async () => {
    const { addr, sb, password } = await signedIn('reauth');
    const { data } = await sb.auth.getSession();
    const sessionId = JSON.parse(
      Buffer.from(data.session!.access_token.split('.')[1]!, 'base64url').toString(),
    ).session_id as string;
    await b.sql(`update auth.sessions set created_at = now() - interval '25 hours' where id = $1`, [
      sessionId,
    ]);

    const needed = await sb.auth.updateUser({ password: 'Later-pass-4', current_password: password });
    expect(needed.error?.status).toBe(400);
    expect(needed.error?.code).toBe('reauthentication_needed');

    expect((await sb.auth.reauthenticate()).error).toBeNull();
    const nonce = otpOf(await lastMail(b, addr));
    const bad = await sb.auth.updateUser({
      password: 'Later-pass-4',
      current_password: password,
      nonce: nonce === '000000' ? '111111' : '000000',
    });
    expect(bad.error?.code).toBe('reauthentication_not_valid');
    expect(await canSignIn(addr, password)).toBe(true);

    const good = await sb.auth.updateUser({ password: 'Later-pass-4', current_password: password, nonce });
    expect(good.error).toBeNull();
    expect(await canSignIn(addr, 'Later-pass-4')).toBe(true);
  });

  it('a fresh session changes the password without a nonce', async () => {
    const { addr, sb, password } = await signedIn('fresh');
    expect(
      (await sb.auth.updateUser({ password: 'Fresh-pass-5', current_password: password })).error,
    ).toBeNull();
    expect(await canSignIn(addr, 'Fresh-pass-5')).toBe(true);
  });
});
