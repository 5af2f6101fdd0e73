import { describe, expect, it } from 'vitest';
import {
  decodePackage,
  defaultItem,
  describeLine,
  encodePackage,
  formatPence,
  normaliseItems,
  offerFor,
  packageOffers,
  priceItem,
  pricePackage,
  priceRange,
  services,
  vatOn,
  type PackageItem,
} from '../src/index.ts';

describe('package offers', () => {
  it('offer every service, and the cheapest tier of each is its advertised "from" price', () => {
    expect(packageOffers.map((o) => o.service).sort()).toEqual(services.map((s) => s.slug).sort());
    for (const s of services) {
      const offer = offerFor(s.slug)!;
      const billing = s.priceUnit === 'month' ? 'monthly' : 'one-off';
      const cheapest = Math.min(...offer.tiers.map((t) => t.pence[billing] ?? Infinity));
      expect(cheapest, s.slug).toBe(Math.round(s.fromPrice * 100));
    }
    expect(priceRange()).toBe('£37.50 - £1000+');
  });

  it('hold only integer pence, and every tier prices each billing its service offers', () => {
    for (const o of packageOffers) {
      for (const t of o.tiers)
        for (const b of o.billing)
          expect(Number.isSafeInteger(t.pence[b]), `${o.service}/${t.id}/${b}`).toBe(true);
      for (const rule of Object.values(o.options)) {
        expect(rule.min).toBeLessThanOrEqual(rule.max);
        for (const p of Object.values(rule.unitPence)) expect(Number.isSafeInteger(p)).toBe(true);
      }
    }
  });
});

describe('prices', () => {
  it('the default item costs the tier price; extra units above the included ones add up', () => {
    expect(priceItem(defaultItem('domain-hosting')).netPence).toBe(3750);
    const line = priceItem({
      service: 'cloud-infrastructure',
      tier: 'business',
      billing: 'monthly',
      users: 25,
      devices: 4,
      hours: 10,
    });
    // 450.00 + 15 users × 5.00 + 2 servers × 25.00 + 10 hours × 70.00
    expect(line.netPence).toBe(45000 + 15 * 500 + 2 * 2500 + 10 * 7000);
    expect(line.parts.map((p) => p.label)).toEqual([
      'Business (per month)',
      '15 extra users',
      '2 extra servers',
      '10 extra hours',
    ]);
    expect(describeLine(line)).toBe(
      'Cloud Infrastructure — Business, monthly, 25 users, 4 servers, 10 hours: £1,275.00 + VAT',
    );
  });

  it('keeps monthly and one-off totals apart, VAT at 20% shown separately', () => {
    const p = pricePackage([
      { service: 'domain-hosting', tier: 'essential', billing: 'monthly', users: 5 },
      { service: 'web-development', tier: 'brochure', billing: 'one-off', hours: 0 },
    ]);
    expect(p.monthly).toEqual({ netPence: 3750, vatPence: 750, grossPence: 4500 });
    expect(p.oneOff).toEqual({ netPence: 49500, vatPence: 9900, grossPence: 59400 });
    expect(pricePackage([])).toEqual({
      lines: [],
      monthly: { netPence: 0, vatPence: 0, grossPence: 0 },
      oneOff: { netPence: 0, vatPence: 0, grossPence: 0 },
    });
  });

  it('rounds VAT half up to the penny in integers, with no floating-point drift', () => {
    expect(vatOn(1)).toBe(0); // 0.2p
    expect(vatOn(3)).toBe(1); // 0.6p
    expect(vatOn(5)).toBe(1); // 1.0p
    expect(vatOn(2)).toBe(0); // 0.4p
    expect(vatOn(8)).toBe(2); // 1.6p
    expect(vatOn(3750)).toBe(750);
    // 0.1 + 0.2 in pounds is 0.30000000000000004; in pence it is 30.
    const many = pricePackage(
      packageOffers
        .map((o) => ({ ...defaultItem(o.service), billing: 'monthly' as const }))
        .filter((i) => offerFor(i.service)!.billing.includes('monthly')),
    );
    expect(Number.isSafeInteger(many.monthly.grossPence)).toBe(true);
    expect(many.monthly.grossPence).toBe(many.monthly.netPence + many.monthly.vatPence);
  });

  it('formats pence as pounds with two decimals', () => {
    expect(formatPence(3750)).toBe('£37.50');
    expect(formatPence(100000)).toBe('£1,000.00');
    expect(formatPence(0)).toBe('£0.00');
    expect(() => formatPence(1.5)).toThrow(RangeError);
  });

  it('refuses to price an item that is not valid', () => {
    expect(() => priceItem({ service: 'domain-hosting', tier: 'essential', billing: 'one-off' })).toThrow();
    expect(() => priceItem({ service: 'nope' as never, tier: 'x', billing: 'monthly' })).toThrow();
  });
});

describe('the package in the URL', () => {
  const items: PackageItem[] = [
    {
      service: 'cloud-infrastructure',
      tier: 'business',
      billing: 'monthly',
      users: 25,
      devices: 4,
      hours: 10,
    },
    { service: 'domain-hosting', tier: 'essential', billing: 'monthly', users: 5 },
  ];

  it('round-trips through a compact, URL-safe string', () => {
    const code = encodePackage(items);
    expect(code).toBe('cloud-infrastructure.business.m.u25.d4.h10~domain-hosting.essential.m.u5');
    expect(encodeURIComponent(code)).toBe(code);
    expect(decodePackage(code)).toEqual({ items, problems: [] });
    expect(decodePackage(new URLSearchParams(`package=${code}`).get('package'))).toEqual({
      items,
      problems: [],
    });
  });

  it('an empty or missing value is an empty package', () => {
    expect(decodePackage(null)).toEqual({ items: [], problems: [] });
    expect(decodePackage('')).toEqual({ items: [], problems: [] });
  });

  it('drops unknown services and duplicates, saying so', () => {
    const d = decodePackage('quantum-magic.gold.m~domain-hosting.essential.m~domain-hosting.premium.m');
    expect(d.items).toEqual([defaultItem('domain-hosting')]);
    expect(d.problems).toEqual([
      "'quantum-magic' is not one of our services, so it was removed.",
      'Domain & Hosting appeared more than once; the first choice was kept.',
    ]);
  });

  it('corrects unknown tiers, billings not offered, negative, fractional and absurd quantities', () => {
    const d = decodePackage(
      'domain-hosting.platinum.o.u-3~cloud-infrastructure.business.m.u99999999.d2.5.hNaN~video-services.short.o.u4',
    );
    expect(d.items).toEqual([
      { service: 'domain-hosting', tier: 'essential', billing: 'monthly', users: 5 },
      {
        service: 'cloud-infrastructure',
        tier: 'business',
        billing: 'monthly',
        users: 10,
        devices: 2,
        hours: 0,
      },
      { service: 'video-services', tier: 'short', billing: 'one-off', hours: 0 },
    ]);
    expect(d.problems).toEqual([
      "Domain & Hosting: unknown tier 'platinum', so Essential was chosen.",
      'Domain & Hosting: that billing is not offered, so monthly was chosen.',
      'Domain & Hosting: e-mail mailboxes must be a whole number from 1 to 500, so it was set to 5.',
      'Cloud Infrastructure: users must be a whole number from 1 to 500, so it was set to 10.',
      "Cloud Infrastructure: the option '5' does not apply and was ignored.",
      'Cloud Infrastructure: support hours must be a whole number from 0 to 200, so it was set to 0.',
      "Video Services: the option 'u4' does not apply and was ignored.",
    ]);
    // Whatever was in the link, the result always prices.
    expect(() => pricePackage(d.items)).not.toThrow();
  });

  it('clears an over-long value and never echoes markup', () => {
    expect(decodePackage('x'.repeat(5000))).toEqual({
      items: [],
      problems: ['The package in the link was too long and has been cleared.'],
    });
    expect(decodePackage('<script>alert(1)</script>.a.m').problems[0]).toBe(
      "'scriptalert1script' is not one of our services, so it was removed.",
    );
  });

  it('normaliseItems applies the same rules to state built in code', () => {
    expect(normaliseItems([{ ...defaultItem('gaming-setup'), devices: -1 }]).items).toEqual([
      defaultItem('gaming-setup'),
    ]);
  });
});
