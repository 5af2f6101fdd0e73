import { describe, expect, it } from 'vitest';
import { formatPence, formatPrice } from '../src/index.ts';
import { formatPenceAsPounds } from '../src/money.ts';

const intl = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

describe('sterling', () => {
  it('is written as Intl writes pounds and pence in en-GB, from nothing to billions, negative too', () => {
    const samples = [
      0, 1, 9, 10, 99, 100, 101, 999, 1000, 3750, 99_999, 100_000, 123_456, 1_000_000, 98_765_432_1,
    ];
    let seed = 7;
    for (let i = 0; i < 2000; i++) {
      seed = (seed * 48271) % 2147483647;
      samples.push(seed % 10 ** (1 + (i % 12)));
    }
    for (const pence of samples)
      for (const p of pence === 0 ? [0] : [pence, -pence])
        expect(formatPenceAsPounds(p), String(p)).toBe(intl.format(p / 100));
  });

  it('prices show pence only when there are some; package amounts always do', () => {
    expect(formatPrice(1000)).toBe('£1,000');
    expect(formatPrice(37.5)).toBe('£37.50');
    expect(formatPrice(45)).toBe('£45');
    expect(formatPrice(1234.05)).toBe('£1,234.05');
    expect(formatPence(100_000)).toBe('£1,000.00');
    expect(formatPence(3750)).toBe('£37.50');
    expect(() => formatPence(1.5)).toThrow(RangeError);
  });
});
