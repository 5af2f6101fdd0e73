import { describe, expect, it } from 'vitest';
import { absoluteUrl, canonicalPath, siteUrl } from '../src/index.ts';

describe('canonicalPath', () => {
  it.each([
    ['/', '/'],
    ['', '/'],
    ['//', '/'],
    ['/services', '/services'],
    ['/services/', '/services'],
    ['/services//', '/services'],
    ['/a/?x=1#y', '/a'],
    ['/a?x=1', '/a'],
    ['/a#y', '/a'],
    ['/?x=1', '/'],
    ['/services/domain-hosting/', '/services/domain-hosting'],
    ['/services//domain-hosting', '/services/domain-hosting'],
    ['services', '/services'],
  ])('%j → %j', (input, expected) => {
    expect(canonicalPath(input)).toBe(expected);
  });

  it('keeps the case and the encoding of segments', () => {
    expect(canonicalPath('/articles/Abc%20d/')).toBe('/articles/Abc%20d');
  });
});

describe('absoluteUrl', () => {
  it('puts the canonical path on the site origin; the root keeps its slash', () => {
    expect(absoluteUrl('/')).toBe(`${siteUrl}/`);
    expect(absoluteUrl('/services/')).toBe(`${siteUrl}/services`);
    expect(absoluteUrl('/a/?x=1#y')).toBe(`${siteUrl}/a`);
  });
});
