/**
 * Every Auth handler that writes more than once commits all of its writes or none. A trigger made to fail on one of
 * the later writes stands in for a crash or a database error midway; afterwards nothing of the request is left.
 */
import { TOTP, Secret } from 'otpauth';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  admin,
  client,
  email,
  lastMail,
  oauthSignIn,
  raw,
  startAuthBackend,
  verifyLink,
  type AuthTestBackend,
} from './harness.ts';

let b: AuthTestBackend;

beforeAll(async () => {
  b = await startAuthBackend();
  await b.sql(`create or replace function public.fail_midway() returns trigger language plpgsql as $$
    begin raise exception 'simulated failure midway (%)', tg_table_name; end $$`);
});

afterAll(async () => {
  await b?.stop();
});

const triggers: string[] = [];
/** Makes `event` on `table` fail (when `when` holds). */
async function failOn(table: string, event: string, when = 'true'): Promise<void> {
  const name = `fail_${triggers.length}`;
  await b.sql(
    `create trigger ${name} before ${event} on ${table} for each row when (${when}) execute function public.fail_midway()`,
  );
  triggers.push(`${name} on ${table}`);
}

afterEach(async () => {
  for (const t of triggers.splice(0)) await b.sql(`drop trigger if exists ${t}`);
});

async function confirmedUser(tag: string) {
  const addr = email(tag);
  const made = await admin(b).auth.admin.createUser({
    email: addr,
    password: 'Tx-pass-1',
    email_confirm: true,
  });
  const sb = client(b);
  expect((await sb.auth.signInWithPassword({ email: addr, password: 'Tx-pass-1' })).error).toBeNull();
  return { sb, addr, id: made.data.user!.id };
}

describe('multi-write Auth handlers are transactions', () => {
  it('sign-up: no user row without its identity', async () => {
    await failOn('auth.identities', 'insert');
    const addr = email('tx-signup');
    const r = await client(b).auth.signUp({ email: addr, password: 'Tx-pass-1' });
    expect(r.error).not.toBeNull();
    expect(await b.sql('select id from auth.users where email = $1', [addr])).toEqual([]);
  });

  it('verifying a factor: factor, session level and amr change together', async () => {
    const { sb, id } = await confirmedUser('tx-mfa');
    const en = await sb.auth.mfa.enroll({ factorType: 'totp' });
    const totp = new TOTP({
      secret: Secret.fromBase32(en.data!.totp.secret),
      digits: 6,
      period: 30,
      algorithm: 'SHA1',
    });
    const ch = await sb.auth.mfa.challenge({ factorId: en.data!.id });
    await failOn('auth.mfa_amr_claims', 'insert', "new.authentication_method = 'totp'");
    const r = await sb.auth.mfa.verify({
      factorId: en.data!.id,
      challengeId: ch.data!.id,
      code: totp.generate(),
    });
    expect(r.error).not.toBeNull();
    expect(await b.sql('select status::text from auth.mfa_factors where user_id = $1', [id])).toEqual([
      { status: 'unverified' },
    ]);
    expect(await b.sql('select aal::text from auth.sessions where user_id = $1', [id])).toEqual([
      { aal: 'aal1' },
    ]);
    expect(await b.sql('select id from auth.mfa_challenges where id = $1', [ch.data!.id])).toHaveLength(1);
  });

  it('updating the user: metadata, password and other sessions change together', async () => {
    const { sb, addr, id } = await confirmedUser('tx-user');
    const other = client(b);
    await other.auth.signInWithPassword({ email: addr, password: 'Tx-pass-1' });
    await failOn('auth.sessions', 'delete');
    const r = await sb.auth.updateUser({ data: { colour: 'green' }, password: 'Tx-pass-2' });
    expect(r.error).not.toBeNull();
    const [row] = await b.sql<{ meta: Record<string, unknown> }>(
      'select raw_user_meta_data as meta from auth.users where id = $1',
      [id],
    );
    expect(row!.meta.colour).toBeUndefined();
    expect(
      (await client(b).auth.signInWithPassword({ email: addr, password: 'Tx-pass-1' })).error,
    ).toBeNull();
  });

  it('verifying an e-mail link: the token is not spent and the address not confirmed unless a session comes out', async () => {
    const sb = client(b);
    const addr = email('tx-verify');
    await sb.auth.signUp({ email: addr, password: 'Tx-pass-1' });
    await failOn('auth.mfa_amr_claims', 'insert');
    const link = verifyLink(await lastMail(b, addr));
    const token = new URL(link).searchParams.get('token')!;
    const r = await raw(b, 'POST', '/verify', { type: 'signup', token_hash: token });
    expect(r.status).toBeGreaterThanOrEqual(400);
    const [u] = await b.sql<{ email_confirmed_at: string | null }>(
      'select email_confirmed_at from auth.users where email = $1',
      [addr],
    );
    expect(u!.email_confirmed_at).toBeNull();
    expect(
      await b.sql(
        'select t.id from auth.one_time_tokens t join auth.users u on u.id = t.user_id where u.email = $1',
        [addr],
      ),
    ).toHaveLength(1);
  });

  it('social sign-in: no half-made user when linking fails', async () => {
    await failOn('auth.identities', 'insert', "new.provider = 'facebook'");
    const sb = client(b);
    const { data } = await sb.auth.signInWithOAuth({
      provider: 'facebook',
      options: { skipBrowserRedirect: true },
    });
    await oauthSignIn(data.url!, 'magnus-gunn').catch(() => null);
    expect(await b.sql("select id from auth.users where email = 'magnus@pentland.test'")).toEqual([]);
  });

  it('admin soft delete: sessions, identities and the user change together', async () => {
    const { id } = await confirmedUser('tx-admin');
    await failOn('auth.identities', 'delete');
    const r = await raw(
      b,
      'DELETE',
      `/admin/users/${id}`,
      { should_soft_delete: true },
      { Authorization: `Bearer ${b.serviceRoleKey}` },
    );
    expect(r.status).toBeGreaterThanOrEqual(400);
    const [u] = await b.sql<{ deleted_at: string | null; email: string | null }>(
      'select deleted_at, email from auth.users where id = $1',
      [id],
    );
    expect(u!.deleted_at).toBeNull();
    expect(u!.email).not.toBeNull();
    expect(await b.sql('select id from auth.sessions where user_id = $1', [id])).toHaveLength(1);
  });
});
