/** Auth's answers in GoTrue's JSON shapes: users, identities, factors. */
import type { Store } from './store/index.ts';
import type { FactorRow, IdentityRow, Json, UserRow } from './store/index.ts';

export function iso(v: unknown): string | undefined {
  if (v === null || v === undefined || v === '') return undefined;
  const d = v instanceof Date ? v : new Date(String(v));
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

export function epoch(v: unknown): number {
  const d = v instanceof Date ? v : new Date(String(v));
  return Math.floor(d.getTime() / 1000);
}

/** A jsonb value as an object ({} for anything else). */
export function obj(v: unknown): Json {
  if (v && typeof v === 'object' && !Array.isArray(v)) return v as Json;
  if (typeof v === 'string') {
    try {
      const p = JSON.parse(v) as unknown;
      if (p && typeof p === 'object' && !Array.isArray(p)) return p as Json;
    } catch {
      /* not JSON */
    }
  }
  return {};
}

function compact(o: Json): Json {
  for (const k of Object.keys(o)) if (o[k] === undefined) delete o[k];
  return o;
}

export function identityJson(i: IdentityRow): Json {
  return compact({
    identity_id: i.id,
    id: i.provider_id,
    user_id: i.user_id,
    identity_data: obj(i.identity_data),
    provider: i.provider,
    last_sign_in_at: iso(i.last_sign_in_at),
    created_at: iso(i.created_at),
    updated_at: iso(i.updated_at),
    email: i.email ?? undefined,
  });
}

export function factorJson(f: FactorRow): Json {
  return compact({
    id: f.id,
    friendly_name: f.friendly_name ?? '',
    factor_type: f.factor_type,
    status: f.status,
    created_at: iso(f.created_at),
    updated_at: iso(f.updated_at),
    last_challenged_at: iso(f.last_challenged_at),
  });
}

/** The user as GoTrue answers it (identities and factors read in one round trip). */
export async function userJson(store: Store, u: UserRow): Promise<Json> {
  const { identities, factors } = await store.users.lists(u.id);
  const out: Json = {
    id: u.id,
    aud: u.aud ?? 'authenticated',
    role: u.role ?? 'authenticated',
    email: u.email ?? '',
    email_confirmed_at: iso(u.email_confirmed_at),
    phone: u.phone ?? '',
    phone_confirmed_at: iso(u.phone_confirmed_at),
    confirmation_sent_at: iso(u.confirmation_sent_at),
    confirmed_at: iso(u.email_confirmed_at ?? u.phone_confirmed_at),
    recovery_sent_at: iso(u.recovery_sent_at),
    email_change_sent_at: iso(u.email_change_sent_at),
    new_email: u.email_change ? u.email_change : undefined,
    invited_at: iso(u.invited_at),
    last_sign_in_at: iso(u.last_sign_in_at),
    app_metadata: obj(u.raw_app_meta_data),
    user_metadata: obj(u.raw_user_meta_data),
    identities: identities.map(identityJson),
    created_at: iso(u.created_at),
    updated_at: iso(u.updated_at),
    banned_until: iso(u.banned_until),
    is_anonymous: !!u.is_anonymous,
  };
  if (factors.length) out.factors = factors.map(factorJson);
  return compact(out);
}

export function isBanned(u: Pick<UserRow, 'banned_until'>): boolean {
  return !!u.banned_until && new Date(u.banned_until).getTime() > Date.now();
}
