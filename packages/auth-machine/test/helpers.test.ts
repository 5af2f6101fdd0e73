import { describe, expect, test } from 'vitest';
import {
  displayName,
  isListedAdmin,
  isSafeRedirectPath,
  normalizeStatus,
  safeRedirect,
  toSessionEvent,
} from '../src/index.ts';
import { fixtures } from '../src/testing/index.ts';

describe('safeRedirect: only same-origin paths are followed', () => {
  test.each([
    ['/pricing', '/pricing'],
    ['/articles/42?tab=images#top', '/articles/42?tab=images#top'],
    ['/', '/'],
    ['//evil.example', '/welcome'],
    ['/\\evil.example', '/welcome'],
    ['/\t/evil.example', '/welcome'],
    ['/ /evil.example', '/welcome'],
    ['https://evil.example/', '/welcome'],
    ['javascript:alert(1)', '/welcome'],
    ['pricing', '/welcome'],
    ['', '/welcome'],
    [null, '/welcome'],
  ])('%j → %s', (stored, expected) => {
    expect(safeRedirect(stored)).toBe(expected);
    expect(isSafeRedirectPath(stored)).toBe(expected === stored);
  });
});

describe('displayName', () => {
  test.each([
    [
      { id: '1', email: 'ada@pentland.example', user_metadata: { full_name: 'Ada Lovelace' } },
      'Ada Lovelace',
    ],
    [{ id: '1', email: 'ada@pentland.example', user_metadata: {} }, 'ada'],
    [{ id: '1', email: 'ada@pentland.example', user_metadata: { full_name: '  ' } }, 'ada'],
    [{ id: '1', email: null }, 'User'],
    [{ id: '1', email: '@pentland.example' }, 'User'],
    [null, 'User'],
  ])('%j → %s', (user, expected) => expect(displayName(user)).toBe(expected));
});

test('the admin list is compared case-insensitively', () => {
  expect(isListedAdmin('OPS@pentland.EXAMPLE', fixtures.adminEmails)).toBe(true);
  expect(isListedAdmin(' admin@pentland.example ', fixtures.adminEmails)).toBe(true);
  expect(isListedAdmin('ada@pentland.example', fixtures.adminEmails)).toBe(false);
  expect(isListedAdmin(null, fixtures.adminEmails)).toBe(false);
  expect(isListedAdmin('', ['', ...fixtures.adminEmails])).toBe(false);
});

test('a subscription answer is accepted only when well formed', () => {
  expect(normalizeStatus({ has_premium: true, subscriptions: [{ id: 1 }] })).toEqual({
    has_premium: true,
    subscriptions: [{ id: 1 }],
  });
  expect(normalizeStatus({ has_premium: 'yes', subscriptions: null })).toEqual({
    has_premium: false,
    subscriptions: [],
  });
  expect(normalizeStatus(null)).toEqual({ has_premium: false, subscriptions: [] });
});

test('auth changes map to session events; SIGNED_OUT drops the session', () => {
  expect(toSessionEvent('TOKEN_REFRESHED', fixtures.session)).toEqual({
    type: 'auth.tokenRefreshed',
    session: fixtures.session,
  });
  expect(toSessionEvent('SIGNED_OUT', fixtures.session)).toEqual({ type: 'auth.signedOut', session: null });
  expect(toSessionEvent('PASSWORD_RECOVERY', fixtures.session).type).toBe('auth.passwordRecovery');
});
