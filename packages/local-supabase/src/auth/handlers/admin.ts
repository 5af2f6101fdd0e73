/** The admin API (service_role): users, their factors, invitations and generated links. */
import { createAccount } from '../accounts.ts';
import { mailLimit, type Admin, type AuthContext, type AuthRequest } from '../context.ts';
import { hashPassword } from '../crypto.ts';
import { badRequest, jsonResponse, notFound } from '../errors.ts';
import { factorJson, userJson } from '../json.ts';
import { createLinkToken, linkMail, sendAll, type LinkType } from '../links.ts';
import {
  checkNewPassword,
  isPresent,
  MAX_METADATA,
  metadataTooLarge,
  optString,
  parseDuration,
  parseEmail,
  parseMetadata,
  query,
} from '../request.ts';
import { isUuid, type Json, type Store, type TokenType, type UserRow } from '../store/index.ts';
import { applyVerification, confirmEmail, emailTaken } from '../verification.ts';
import { ErrorCode } from '../errorCodes.ts';

const userNotFound = () => notFound(ErrorCode.UserNotFound, 'User not found');

async function userOf(store: Store, id: string): Promise<UserRow> {
  if (!isUuid(id)) throw notFound(ErrorCode.ValidationFailed, 'user_id must be an UUID');
  const u = await store.users.byId(id);
  if (!u) throw userNotFound();
  return u;
}

/** What an admin update asks for, checked before anything is written (hashing included). */
interface AdminChanges {
  passwordHash?: string;
  email?: string;
  emailConfirm: boolean;
  userMetadata?: Json;
  appMetadata?: Json;
  role?: string;
  /** undefined: unchanged; null: lift the ban; a date: banned until. */
  bannedUntil?: Date | null;
}

async function readChanges(c: AuthContext, body: Json): Promise<AdminChanges> {
  const changes: AdminChanges = {
    userMetadata: parseMetadata(body.user_metadata, 'user_metadata'),
    appMetadata: parseMetadata(body.app_metadata, 'app_metadata'),
    role: optString(body, 'role', 64),
    emailConfirm: body.email_confirm === true,
  };
  if (isPresent(body, 'email')) changes.email = parseEmail(body.email, 'email');
  if (isPresent(body, 'password') && isPresent(body, 'password_hash'))
    throw badRequest(ErrorCode.ValidationFailed, 'Only a password or a password hash should be provided');
  if (body.password !== undefined && body.password !== null) {
    changes.passwordHash = await hashPassword(
      checkNewPassword(body.password, c.settings.minPasswordLength),
      c.settings.bcryptCost,
    );
  } else if (isPresent(body, 'password_hash')) {
    // A bcrypt hash from another system (GoTrue also takes argon2 and others; this backend checks bcrypt only).
    if (
      typeof body.password_hash !== 'string' ||
      !/^\$2[aby]\$\d{2}\$[./A-Za-z0-9]{53}$/.test(body.password_hash)
    ) {
      throw badRequest(ErrorCode.ValidationFailed, 'Invalid password hash format');
    }
    changes.passwordHash = body.password_hash;
  }
  if (body.ban_duration !== undefined && body.ban_duration !== null) {
    const ms = parseDuration(body.ban_duration);
    changes.bannedUntil = ms === null ? null : new Date(Date.now() + ms);
  }
  return changes;
}

async function applyChanges(tx: Store, u: UserRow, ch: AdminChanges): Promise<UserRow> {
  if (ch.passwordHash) await tx.users.setPassword(u.id, ch.passwordHash);
  if (ch.email && ch.email !== (u.email ?? '').toLowerCase()) {
    if (await tx.users.byEmail(ch.email)) throw emailTaken();
    await tx.users.setEmailChange(u.id, ch.email);
    await applyVerification(tx, (await tx.users.byId(u.id))!, 'email_change_token_new');
  }
  if (ch.emailConfirm) await confirmEmail(tx, (await tx.users.byId(u.id))!);
  if (ch.userMetadata && !(await tx.users.mergeUserMetadata(u.id, ch.userMetadata, MAX_METADATA))) {
    throw metadataTooLarge();
  }
  if (ch.appMetadata) await tx.users.mergeAppMetadata(u.id, ch.appMetadata);
  if (ch.role) await tx.users.setRole(u.id, ch.role);
  if (ch.bannedUntil !== undefined) {
    await tx.users.setBannedUntil(u.id, ch.bannedUntil);
    if (ch.bannedUntil) await tx.sessions.deleteForUser(u.id);
  }
  return (await tx.users.byId(u.id))!;
}

export async function createUser(c: AuthContext, r: AuthRequest, _a: Admin): Promise<Response> {
  const body = await r.body();
  if (!isPresent(body, 'email') && !isPresent(body, 'phone'))
    throw badRequest(ErrorCode.ValidationFailed, 'Cannot create a user without either an email or phone');
  if (!isPresent(body, 'email'))
    throw badRequest(ErrorCode.PhoneProviderDisabled, 'Unsupported phone provider');
  const email = parseEmail(body.email, 'Unable to validate email address: invalid format');
  let id: string | undefined;
  if (body.id !== undefined) {
    if (!isUuid(body.id)) throw badRequest(ErrorCode.ValidationFailed, 'id must be a UUID');
    id = body.id.toLowerCase();
  }
  const changes = await readChanges(c, { ...body, email: undefined });
  const answer = await c.store.transaction(async (tx) => {
    if (await tx.users.byEmail(email)) throw emailTaken();
    let u = await createAccount(tx, {
      id,
      email,
      passwordHash: changes.passwordHash ?? null,
      userMetadata: changes.userMetadata,
      appMetadata: changes.appMetadata,
      confirmed: changes.emailConfirm,
      provider: 'email',
      role: changes.role,
      metadataFromIdentity: false,
    });
    if (changes.bannedUntil !== undefined)
      u = await applyChanges(tx, u, { emailConfirm: false, bannedUntil: changes.bannedUntil });
    await tx.audit.log('user_signedup', u, { provider: 'email', admin: true }, r.client);
    return userJson(tx, u);
  });
  return jsonResponse(answer);
}

/** GET /admin/users?page=&per_page=&sort=: newest first unless `sort=created_at asc`, with X-Total-Count and Link (GoTrue's paging). */
export async function listUsers(c: AuthContext, r: AuthRequest, _a: Admin): Promise<Response> {
  const int = (key: string, fallback: number): number => {
    const raw = r.url.searchParams.get(key);
    if (raw === null || raw === '') return fallback;
    if (!/^-?\d+$/.test(raw))
      throw badRequest(ErrorCode.ValidationFailed, `Bad Pagination Parameters: ${key} must be an integer`);
    const n = Number(raw);
    if (!Number.isSafeInteger(n) || n < 0)
      throw badRequest(
        ErrorCode.ValidationFailed,
        `Bad Pagination Parameters: ${key} must be a non-negative integer`,
      );
    return n;
  };
  // GoTrue's sort(): each `sort` value is `<field>[ asc|desc]`, created_at the only field, descending by default.
  let ascending = false;
  for (const value of r.url.searchParams.getAll('sort')) {
    const [field, dir] = [
      value.split(' ', 1)[0]!,
      value.includes(' ') ? value.slice(value.indexOf(' ') + 1) : null,
    ];
    if (field !== 'created_at')
      throw badRequest(ErrorCode.ValidationFailed, `Bad Sort Parameters: bad field for sort '${field}'`);
    if (dir !== null && !/^(asc|desc)$/i.test(dir))
      throw badRequest(
        ErrorCode.ValidationFailed,
        `Bad Sort Parameters: bad direction for sort '${dir}', only 'asc' and 'desc' allowed`,
      );
    ascending = dir !== null && dir.toLowerCase() === 'asc';
  }
  const page = Math.max(1, int('page', 1));
  const perPage = Math.min(1000, Math.max(1, int('per_page', 50)));
  const filter = query(r.url, 'filter') ?? '';
  const [total, rows] = await Promise.all([
    c.store.users.count(filter),
    c.store.users.page(perPage, (page - 1) * perPage, filter, ascending),
  ]);
  const users = [];
  for (const u of rows) users.push(await userJson(c.store, u));
  const last = Math.max(1, Math.ceil(total / perPage));
  const links: string[] = [];
  if (page < last) links.push(`</admin/users?page=${page + 1}&per_page=${perPage}>; rel="next"`);
  links.push(`</admin/users?page=${last}&per_page=${perPage}>; rel="last"`);
  return jsonResponse({ users, aud: 'authenticated' }, 200, {
    'X-Total-Count': String(total),
    Link: links.join(', '),
  });
}

export async function getUserById(c: AuthContext, r: AuthRequest, _a: Admin): Promise<Response> {
  return jsonResponse(await userJson(c.store, await userOf(c.store, r.params.userId!)));
}

export async function updateUserById(c: AuthContext, r: AuthRequest, _a: Admin): Promise<Response> {
  const u = await userOf(c.store, r.params.userId!);
  const changes = await readChanges(c, await r.body());
  const answer = await c.store.transaction(async (tx) => {
    const out = await applyChanges(tx, u, changes);
    await tx.audit.log('user_modified', out, { admin: true }, r.client);
    return userJson(tx, out);
  });
  return jsonResponse(answer);
}

export async function deleteUser(c: AuthContext, r: AuthRequest, _a: Admin): Promise<Response> {
  const body = await r.body();
  await c.store.transaction(async (tx) => {
    const u = await userOf(tx, r.params.userId!);
    if (body.should_soft_delete === true) {
      await tx.users.softDelete(u.id);
      await tx.sessions.deleteForUser(u.id);
      await tx.identities.deleteByUser(u.id);
    } else await tx.users.delete(u.id);
    await tx.audit.log('user_deleted', u, { admin: true }, r.client);
  });
  return jsonResponse({});
}

export async function listFactors(c: AuthContext, r: AuthRequest, _a: Admin): Promise<Response> {
  const u = await userOf(c.store, r.params.userId!);
  return jsonResponse((await c.store.factors.byUser(u.id)).map(factorJson));
}

export async function deleteFactor(c: AuthContext, r: AuthRequest, _a: Admin): Promise<Response> {
  const u = await userOf(c.store, r.params.userId!);
  if (!isUuid(r.params.factorId)) throw notFound(ErrorCode.ValidationFailed, 'factor_id must be an UUID');
  const f = await c.store.factors.ofUser(r.params.factorId, u.id);
  if (!f) throw notFound(ErrorCode.MFAFactorNotFound, 'Factor not found');
  await c.store.transaction(async (tx) => {
    await tx.factors.delete(f.id);
    await tx.sessions.dropFactor(f.id);
  });
  return jsonResponse(factorJson(f));
}

export async function invite(c: AuthContext, r: AuthRequest, _a: Admin): Promise<Response> {
  const body = await r.body();
  const email = parseEmail(body.email, 'An email address is required');
  const data = parseMetadata(body.data);
  const target = c.redirectTo(query(r.url, 'redirect_to') ?? optString(body, 'redirect_to', 2048));
  const known = await c.store.users.byEmail(email);
  if (known?.email_confirmed_at) throw emailTaken();
  mailLimit(c, r, 'invite', email);
  const { answer, mail } = await c.store.transaction(async (tx) => {
    const u =
      known ??
      (await createAccount(tx, {
        email,
        passwordHash: null,
        userMetadata: data,
        confirmed: false,
        provider: 'email',
        invited: true,
        metadataFromIdentity: false,
      }));
    const token = await createLinkToken(tx, u, 'confirmation_token', email, false);
    return {
      answer: await userJson(tx, (await tx.users.byId(u.id))!),
      mail: linkMail(c, { kind: 'invite', to: email, user: u, token, linkType: 'invite', redirect: target }),
    };
  });
  await sendAll(c, [mail]);
  return jsonResponse(answer);
}

/** POST /admin/generate_link: the link and code an e-mail would carry, without sending it. */
export async function generateLink(c: AuthContext, r: AuthRequest, _a: Admin): Promise<Response> {
  const body = await r.body();
  const type = optString(body, 'type', 32);
  const email = parseEmail(body.email, 'An email address is required');
  const target = c.redirectTo(optString(body, 'redirect_to', 2048) ?? query(r.url, 'redirect_to'));
  const data = parseMetadata(body.data);
  const passwordHash =
    type === 'signup'
      ? await hashPassword(
          checkNewPassword(body.password, c.settings.minPasswordLength),
          c.settings.bcryptCost,
        )
      : null;
  const newEmail =
    type === 'email_change_new' || type === 'email_change_current'
      ? parseEmail(body.new_email, 'new_email is required')
      : null;
  const answer = await c.store.transaction(async (tx) => {
    let u = await tx.users.byEmail(email);
    let linkType: LinkType;
    let tokenType: TokenType;
    let address = email;
    switch (type) {
      case 'signup':
      case 'invite':
        if (u?.email_confirmed_at) throw emailTaken();
        u ??= await createAccount(tx, {
          email,
          passwordHash,
          userMetadata: data,
          confirmed: false,
          provider: 'email',
          invited: type === 'invite',
          metadataFromIdentity: false,
        });
        linkType = type;
        tokenType = 'confirmation_token';
        break;
      case 'magiclink':
      case 'recovery':
        if (!u) throw notFound(ErrorCode.UserNotFound, 'User with this email not found');
        linkType = type;
        tokenType = 'recovery_token';
        break;
      case 'email_change_new':
      case 'email_change_current':
        if (!u) throw notFound(ErrorCode.UserNotFound, 'User with this email not found');
        if (await tx.users.byEmail(newEmail!)) throw emailTaken();
        await tx.users.setEmailChange(u.id, newEmail!);
        address = newEmail!;
        linkType = 'email_change';
        tokenType = 'email_change_token_new';
        break;
      default:
        throw badRequest(ErrorCode.ValidationFailed, 'Invalid email action link type requested');
    }
    const token = await createLinkToken(tx, u, tokenType, address, false);
    return {
      action_link: `${c.issuer}/verify?${new URLSearchParams({ token: token.linkToken, type: linkType, redirect_to: target }).toString()}`,
      email_otp: token.otp,
      hashed_token: token.linkToken,
      redirect_to: target,
      verification_type: linkType,
      ...(await userJson(tx, (await tx.users.byId(u.id))!)),
    };
  });
  return jsonResponse(answer);
}
