/**
 * Pre-account takeover through social sign-in: someone signs up the victim's address with a password of their own
 * (never confirmed); when the victim later signs in with the social provider, the account becomes the victim's and
 * the stranger's password, metadata and identities are gone (GoTrue's RemoveUnconfirmedIdentities).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, oauthSignIn, startAuthBackend, type AuthTestBackend } from './harness.ts';

let b: AuthTestBackend;

beforeAll(async () => {
  b = await startAuthBackend();
});

afterAll(async () => {
  await b?.stop();
});

async function socialSignIn(account: 'fiona-sinclair' | 'magnus-gunn') {
  const sb = client(b);
  const { data, error } = await sb.auth.signInWithOAuth({
    provider: 'facebook',
    options: { redirectTo: 'http://127.0.0.1:3000/auth/callback', skipBrowserRedirect: true },
  });
  expect(error).toBeNull();
  const landed = await oauthSignIn(data.url!, account);
  const code = landed.searchParams.get('code');
  expect(code, `landed on ${landed.href}`).toBeTruthy();
  const session = await sb.auth.exchangeCodeForSession(code!);
  expect(session.error).toBeNull();
  return { sb, session: session.data.session! };
}

describe('pre-account takeover through social sign-in', () => {
  it("removes a stranger's unconfirmed password, metadata and identities when the verified owner signs in", async () => {
    const victim = 'fiona@pentland.test';
    const attacker = client(b);
    const planted = await attacker.auth.signUp({
      email: victim,
      password: 'Attacker-pass-1',
      options: { data: { full_name: 'Not Fiona', avatar_url: 'https://evil.example/a.png' } },
    });
    expect(planted.error).toBeNull();
    expect(planted.data.user?.email_confirmed_at).toBeUndefined();

    const { sb, session } = await socialSignIn('fiona-sinclair');
    expect(session.user.id).toBe(planted.data.user!.id);
    expect(session.user.email_confirmed_at).toBeTruthy();
    expect(session.user.identities?.map((i) => i.provider)).toEqual(['facebook']);
    expect(session.user.app_metadata.providers).toEqual(['facebook']);
    expect(session.user.user_metadata.full_name).toBe('Fiona Sinclair');
    expect(session.user.user_metadata.avatar_url).toBeUndefined();

    // The stranger's password no longer signs in to the now confirmed account.
    const stolen = await client(b).auth.signInWithPassword({ email: victim, password: 'Attacker-pass-1' });
    expect(stolen.error?.code).toBe('invalid_credentials');
    expect(stolen.data.session).toBeNull();
    const [row] = await b.sql<{ encrypted_password: string | null }>(
      'select encrypted_password from auth.users where id = $1',
      [session.user.id],
    );
    expect(row?.encrypted_password ?? '').toBe('');

    // The owner keeps a working session and can set a password of their own.
    expect((await sb.auth.updateUser({ password: 'Fiona-own-pass-1' })).error).toBeNull();
    expect(
      (await client(b).auth.signInWithPassword({ email: victim, password: 'Fiona-own-pass-1' })).error,
    ).toBeNull();
  });

  it('keeps a confirmed account’s password when its owner links the provider by signing in with it', async () => {
    const owner = 'magnus@pentland.test';
    const made = await client(b).auth.signUp({ email: owner, password: 'Magnus-pass-1' });
    expect(made.error).toBeNull();
    await b.sql('update auth.users set email_confirmed_at = now() where id = $1', [made.data.user!.id]);

    const { session } = await socialSignIn('magnus-gunn');
    expect(session.user.id).toBe(made.data.user!.id);
    expect(session.user.identities?.map((i) => i.provider).sort()).toEqual(['email', 'facebook']);
    expect(
      (await client(b).auth.signInWithPassword({ email: owner, password: 'Magnus-pass-1' })).error,
    ).toBeNull();
  });
});
