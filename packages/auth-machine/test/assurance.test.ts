import { createActor } from 'xstate';
import { describe, expect, test } from 'vitest';
import {
  qrCodeImageUrl,
  sessionLogic,
  sessionNeedsCode,
  sessionView,
  tokenAssurance,
  type AuthSession,
} from '../src/index.ts';
import { fixtures } from '../src/testing/index.ts';

// A token as Auth signs it: only the payload matters here (the server checks the signature).
const token = (claims: Record<string, unknown>) =>
  `eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.signature`;
const session = (aal: string, factors: unknown[]): AuthSession => ({
  ...fixtures.session,
  access_token: token({ sub: fixtures.user.id, aal }),
  user: { ...fixtures.user, factors },
});
const verified = { id: 'f1', factor_type: 'totp', status: 'verified' };
const unverified = { id: 'f2', factor_type: 'totp', status: 'unverified' };

describe('the authenticator code a session still owes', () => {
  test('the aal claim of a token; aal1 when it cannot be read', () => {
    expect(tokenAssurance(token({ aal: 'aal2' }))).toBe('aal2');
    expect(tokenAssurance(token({ aal: 'aal1' }))).toBe('aal1');
    expect(tokenAssurance(token({}))).toBe('aal1');
    expect(tokenAssurance('not-a-token')).toBe('aal1');
  });

  test.each([
    ['aal1 with a verified factor', session('aal1', [verified]), true],
    ['aal1 with a verified and an unverified factor', session('aal1', [unverified, verified]), true],
    [
      'an unreadable token with a verified factor',
      { ...session('aal1', [verified]), access_token: 'x' },
      true,
    ],
    ['aal2 with a verified factor', session('aal2', [verified]), false],
    ['aal1 with only an unverified factor', session('aal1', [unverified]), false],
    ['aal1 without factors', session('aal1', []), false],
    ['no session', null, false],
  ])('%s → %s', (_name, s, owed) => {
    expect(sessionNeedsCode(s)).toBe(owed);
  });

  test('the auth context reports it, and the accepted code (aal2 session) clears it', () => {
    const actor = createActor(sessionLogic).start();
    actor.send({ type: 'session.loaded', session: session('aal1', [verified]) });
    expect(sessionView(actor.getSnapshot())).toMatchObject({ signedIn: true, codeRequired: true });
    actor.send({ type: 'auth.tokenRefreshed', session: session('aal2', [verified]) });
    expect(sessionView(actor.getSnapshot())).toMatchObject({ signedIn: true, codeRequired: false });
  });
});

describe('the enrolment QR code as an image URL', () => {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 2"><path fill="#ffffff" d="M0 0h2v2H0z"/><path stroke="#000000" d="M0 0.5h1"/></svg>';

  test("supabase-js's utf-8 data URL: the SVG is percent-encoded, no raw '#' or '<' left, and it decodes back", () => {
    const src = qrCodeImageUrl(`data:image/svg+xml;utf-8,${svg}`);
    expect(src.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
    const body = src.slice('data:image/svg+xml;charset=utf-8,'.length);
    expect(body).not.toMatch(/[#<>"\s]/);
    expect(decodeURIComponent(body)).toBe(svg);
  });

  test('a bare SVG is encoded the same way; an encoded or base64 URL is kept', () => {
    expect(qrCodeImageUrl(svg)).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    const encoded = `data:image/svg+xml;utf-8,${encodeURIComponent(svg)}`;
    expect(qrCodeImageUrl(encoded)).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    const base64 = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    expect(qrCodeImageUrl(base64)).toBe(base64);
  });
});
