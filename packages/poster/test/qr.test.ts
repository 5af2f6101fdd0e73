import { describe, expect, it } from 'vitest';
import { isPosterId, readScanVisit, trackingUrl } from '../src/index.ts';

const id = '3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b';

describe('QR tracking URLs', () => {
  it('builds the landing URL with the poster id and UTM tags', () => {
    expect(trackingUrl({ origin: 'https://pentlandcloud.co.uk', landing: '/qr-welcome', posterId: id })).toBe(
      `https://pentlandcloud.co.uk/qr-welcome?poster=${id}&utm_source=poster&utm_medium=qr`,
    );
    expect(
      trackingUrl({
        origin: 'http://127.0.0.1:3000/ignored/path',
        landing: '/seaforth-darts-welcome',
        posterId: id.toUpperCase(),
        source: 'seaforth-bar',
      }),
    ).toBe(`http://127.0.0.1:3000/seaforth-darts-welcome?poster=${id}&utm_source=seaforth-bar&utm_medium=qr`);
  });

  it('refuses a bad origin, landing, poster id or source', () => {
    expect(() => trackingUrl({ origin: 'nope', landing: '/qr-welcome', posterId: id })).toThrow(/not a URL/);
    expect(() => trackingUrl({ origin: 'ftp://x', landing: '/qr-welcome', posterId: id })).toThrow(
      /http or https/,
    );
    expect(() =>
      trackingUrl({ origin: 'https://x', landing: '/admin' as '/qr-welcome', posterId: id }),
    ).toThrow(/not a QR landing/);
    expect(() => trackingUrl({ origin: 'https://x', landing: '/qr-welcome', posterId: '42' })).toThrow(
      /not a UUID/,
    );
    expect(() =>
      trackingUrl({ origin: 'https://x', landing: '/qr-welcome', posterId: id, source: 'a b' }),
    ).toThrow(/utm_source/);
  });

  it('reads a visit: a malformed or missing poster id gives null', () => {
    expect(readScanVisit(`?poster=${id.toUpperCase()}&utm_source=poster`)).toEqual({
      posterId: id,
      utmSource: 'poster',
    });
    expect(readScanVisit('?poster=1%27%20or%201=1')).toEqual({ posterId: null, utmSource: null });
    expect(readScanVisit('')).toEqual({ posterId: null, utmSource: null });
    expect(readScanVisit(`?poster=${id}&utm_source=${'x'.repeat(101)}`).utmSource).toBeNull();
    expect(isPosterId(id)).toBe(true);
    expect(isPosterId(`${id}0`)).toBe(false);
  });
});
