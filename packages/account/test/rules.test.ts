import { describe, expect, test } from 'vitest';
import {
  avatarInputProblem,
  avatarObjectPath,
  avatarOutputType,
  avatarUploadProblem,
  canUnlink,
  dataExportFileName,
  dataExportSummary,
  deletionConfirmed,
  fullNameProblem,
  isDataExport,
  isOwnAvatarUrl,
  maxAvatarBytes,
  parseDeleteAccountRequest,
  providerName,
  type DataExport,
} from '../src/index.ts';

const userId = '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f';

describe('full name', () => {
  test('blank and overlong names are refused, a trimmed name passes', () => {
    expect(fullNameProblem('   ')).toBe('Please enter your full name');
    expect(fullNameProblem('x'.repeat(101))).toBe('Your name can be at most 100 characters.');
    expect(fullNameProblem('  Ada Lovelace  ')).toBeNull();
  });
});

describe('avatar', () => {
  test('only pictures are accepted, and an empty file is refused', () => {
    expect(avatarInputProblem({ name: 'cv.pdf', type: 'application/pdf', size: 10 })).toBe(
      '“cv.pdf” is not a picture. Choose a PNG, JPEG, WebP, GIF or AVIF image.',
    );
    expect(avatarInputProblem({ name: 'page.svg', type: 'image/svg+xml', size: 10 })).toMatch(
      /is not a picture/,
    );
    expect(avatarInputProblem({ name: 'a.png', type: 'image/png', size: 0 })).toBe('“a.png” is empty.');
    expect(avatarInputProblem({ name: 'me.webp', type: 'image/webp', size: 10 })).toBeNull();
  });

  test('PNG stays PNG (transparency); everything else is stored as JPEG, at most 1 MB', () => {
    expect(avatarOutputType('image/png')).toBe('image/png');
    expect(avatarOutputType('image/gif')).toBe('image/jpeg');
    expect(avatarUploadProblem({ type: 'image/jpeg', size: maxAvatarBytes })).toBeNull();
    expect(avatarUploadProblem({ type: 'image/jpeg', size: maxAvatarBytes + 1 })).toMatch(/larger than 1 MB/);
    expect(avatarUploadProblem({ type: 'image/gif', size: 10 })).toMatch(/not a picture/);
  });

  test("the object path is the user's folder and a name by the image rule with the stored type's extension", () => {
    expect(avatarObjectPath(userId, 'image/jpeg', { random: 'k3j9x0q2ma' })).toBe(
      `${userId}/avatar-k3j9x0q2ma.jpg`,
    );
    expect(avatarObjectPath(userId, 'image/png')).toMatch(
      new RegExp(`^${userId}/avatar-[a-z0-9]{10}\\.png$`),
    );
  });

  test("own-avatar URLs are the user's folder of the public avatars bucket, on any host", () => {
    const base = 'https://abc.supabase.co/storage/v1/object/public/avatars';
    expect(isOwnAvatarUrl(`${base}/${userId}/avatar-x.jpg`, userId)).toBe(true);
    expect(
      isOwnAvatarUrl(`http://127.0.0.1:54321/storage/v1/object/public/avatars/${userId}/a.png`, userId),
    ).toBe(true);
    expect(isOwnAvatarUrl(`${base}/someone-else/avatar-x.jpg`, userId)).toBe(false);
    expect(isOwnAvatarUrl(`${base}/${userId}/../x/avatar.jpg`, userId)).toBe(false);
    expect(isOwnAvatarUrl(`https://evil.example/avatar.jpg?${base}/${userId}/a.jpg`, userId)).toBe(false);
  });
});

describe('linked identities', () => {
  const email = { identity_id: 'i1', provider: 'email' };
  const facebook = { identity_id: 'i2', provider: 'facebook' };
  test('the last way to sign in is never removable', () => {
    expect(canUnlink([email], 'i1')).toBe(false);
    expect(canUnlink([email, facebook], 'i2')).toBe(true);
    expect(canUnlink([email, facebook], 'i1')).toBe(true);
    expect(canUnlink([email, facebook], 'missing')).toBe(false);
  });
  test('provider names read well', () => {
    expect(providerName('email')).toBe('E-mail and password');
    expect(providerName('facebook')).toBe('Facebook');
    expect(providerName('keycloak')).toBe('Keycloak');
  });
});

describe('account deletion', () => {
  test("the confirmation is the account's e-mail address", () => {
    expect(deletionConfirmed(' Ada@Pentland.Example ', 'ada@pentland.example')).toBe(true);
    expect(deletionConfirmed('ada@pentland.exampl', 'ada@pentland.example')).toBe(false);
    expect(deletionConfirmed('', '')).toBe(false);
    expect(deletionConfirmed('', null)).toBe(false);
  });
  test('the request names nobody: only the confirmation and whether to keep articles', () => {
    expect(parseDeleteAccountRequest({ confirmation: 'a@b.c' })).toEqual({
      ok: true,
      value: { confirmation: 'a@b.c', keepArticles: false },
    });
    expect(parseDeleteAccountRequest({ confirmation: 'a@b.c', keepArticles: true, userId: 'x' })).toEqual({
      ok: true,
      value: { confirmation: 'a@b.c', keepArticles: true },
    });
    expect(parseDeleteAccountRequest([]).ok).toBe(false);
    expect(parseDeleteAccountRequest({ confirmation: 5 }).ok).toBe(false);
    expect(parseDeleteAccountRequest({ confirmation: 'a', keepArticles: 'yes' }).ok).toBe(false);
  });
});

describe('data export', () => {
  const empty = {
    format: 'pentland-cloud-data-export',
    version: 1,
    generated_at: '2026-11-23T10:00:00Z',
    account: { id: userId, email: 'a@b.c', identities: [], mfa_factors: [] },
    profile: null,
    poster_scans_from: null,
    articles: [],
    article_generations: [],
    posters: [],
    poster_scans: [],
    consultations: [],
    contact_messages: [],
    eboard_submissions: [],
    subscriptions: [],
    files: [],
  } satisfies DataExport;

  test('recognises the document and summarises what it holds', () => {
    expect(isDataExport(empty)).toBe(true);
    expect(isDataExport({ ...empty, posters: null })).toBe(false);
    expect(isDataExport({ ...empty, format: 'other' })).toBe(false);
    expect(dataExportSummary(empty)).toBe('Your account details and profile.');
    expect(dataExportSummary({ ...empty, articles: [{}, {}], posters: [{}], files: [{}] })).toBe(
      'Your account details, profile, 2 articles, 1 poster, 1 uploaded file.',
    );
  });

  test('the file is named by the UK date', () => {
    expect(dataExportFileName(new Date('2026-06-30T23:30:00Z'))).toBe('pentland-cloud-data-2026-07-01.json');
    expect(dataExportFileName(new Date('2026-12-31T23:30:00Z'))).toBe('pentland-cloud-data-2026-12-31.json');
  });
});
