/** The package's one JWT verifier and one body reader, without a server. */
import { describe, expect, it } from 'vitest';
import { InvalidJson, readJson } from '../src/body.ts';
import { resolveConfig } from '../src/config.ts';
import { verifierFor } from '../src/http.ts';
import { createJwtVerifier, JwtError, signJwt } from '../src/jwt.ts';

const secretA = 'a-secret-that-is-at-least-thirty-two-characters';
const secretB = 'b-secret-that-is-at-least-thirty-two-characters';
const soon = () => Math.floor(Date.now() / 1000) + 60;

describe('JWT verifier', () => {
  it('verifies, and a token of another project is refused even after this one cached it', async () => {
    const token = await signJwt({ sub: 'u1', role: 'authenticated', exp: soon() }, secretA);
    const a = createJwtVerifier(secretA);
    expect((await a.verify(token)).sub).toBe('u1');
    expect((await a.verify(token)).sub).toBe('u1');
    await expect(createJwtVerifier(secretB).verify(token)).rejects.toMatchObject({ reason: 'invalid' });
  });

  it('an expired token is "expired"; a tampered one "invalid"', async () => {
    const v = createJwtVerifier(secretA);
    const expired = await signJwt({ sub: 'u1', exp: Math.floor(Date.now() / 1000) - 5 }, secretA);
    await expect(v.verify(expired)).rejects.toBeInstanceOf(JwtError);
    await expect(v.verify(expired)).rejects.toMatchObject({ reason: 'expired', message: 'JWT expired' });
    const good = await signJwt({ sub: 'u1', exp: soon() }, secretA);
    await expect(v.verify(`${good.slice(0, -4)}AAAA`)).rejects.toMatchObject({ reason: 'invalid' });
  });

  it('each backend configuration has its own verifier (and cache)', () => {
    const one = resolveConfig({ jwtSecret: secretA });
    const two = resolveConfig({ jwtSecret: secretA });
    expect(verifierFor(one)).toBe(verifierFor(one));
    expect(verifierFor(one)).not.toBe(verifierFor(two));
  });
});

describe('body reader', () => {
  const req = (body: string, type = 'application/json') =>
    new Request('http://x/', { method: 'POST', body, headers: { 'content-type': type } });

  it('reads JSON, forms, and empty bodies', async () => {
    expect(await readJson(req('{"a":[1,{"b":2}]}'))).toEqual({ a: [1, { b: 2 }] });
    expect(
      await readJson(req('grant_type=password&email=a%40b.test', 'application/x-www-form-urlencoded')),
    ).toEqual({
      grant_type: 'password',
      email: 'a@b.test',
    });
    expect(await readJson(req('  '))).toBeUndefined();
  });

  it('refuses malformed JSON and nesting past the limit (brackets inside strings do not count)', async () => {
    await expect(readJson(req('{"a":'))).rejects.toBeInstanceOf(InvalidJson);
    await expect(readJson(req(`${'['.repeat(600)}${']'.repeat(600)}`))).rejects.toMatchObject({
      tooDeep: true,
    });
    expect(await readJson(req(JSON.stringify({ s: '['.repeat(600) })))).toEqual({ s: '['.repeat(600) });
    expect(await readJson(req(JSON.stringify({ s: '\\"[[' })))).toEqual({ s: '\\"[[' });
  });
});
