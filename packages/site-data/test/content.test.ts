import { describe, expect, it } from 'vitest';
import {
  brand,
  contact,
  copyrightLine,
  formatAddress,
  formatFromPrice,
  formatPrice,
  priceBounds,
  priceRange,
  serviceBySlug,
  servicePath,
  services,
  socialLinks,
  tagline,
  telHref,
} from '../src/index.ts';

// The ten service routes, written out so a renamed slug fails here.
const specServicePaths = [
  '/services/domain-hosting',
  '/services/social-marketing',
  '/services/video-services',
  '/services/project-management',
  '/services/gaming-setup',
  '/services/support-training',
  '/services/dynamics-365',
  '/services/cloud-infrastructure',
  '/services/web-development',
  '/services/ai-solutions',
];

describe('brand and contact', () => {
  it('names the company once', () => {
    expect(brand).toBe('Pentland Cloud');
  });

  it('keeps the footer tagline verbatim', () => {
    expect(tagline).toBe('Enterprise cloud solutions that scale with your success');
  });

  it('uses an e-mail on the brand domain and a number from Ofcom’s drama range', () => {
    expect(contact.email).toBe('hello@pentlandcloud.co.uk');
    expect(contact.phone).toMatch(/^07700 900\d{3}$/);
    expect(contact.phoneE164).toBe(`+44${contact.phone.replace(/\s/g, '').slice(1)}`);
    expect(telHref).toBe(`tel:${contact.phoneE164}`);
  });

  it('has a business-park address in Thurso, Caithness, with a KW14 postcode', () => {
    expect(contact.address.streetAddress).toMatch(/Business Park/);
    expect(contact.address.locality).toBe('Thurso');
    expect(contact.address.region).toBe('Caithness');
    expect(contact.address.postalCode).toMatch(/^KW14 \d[A-Z]{2}$/);
    expect(formatAddress()).toContain('Thurso, Caithness KW14');
  });

  it('has six distinct social links covering social networks, a video platform and a code host', () => {
    expect(socialLinks).toHaveLength(6);
    expect(new Set(socialLinks.map((l) => l.href)).size).toBe(6);
    const networks = socialLinks.map((l) => l.network);
    expect(networks).toContain('youtube');
    expect(networks).toContain('github');
    for (const link of socialLinks) expect(link.href).toMatch(/^https:\/\//);
  });

  it('writes the copyright line with the given year', () => {
    expect(copyrightLine(brand, 2031)).toBe('© 2031 Pentland Cloud. All rights reserved.');
  });
});

describe('services', () => {
  it('has exactly the ten services, by slug', () => {
    expect(services.map(servicePath).sort()).toEqual([...specServicePaths].sort());
  });

  it('does not list the admin-only consultation services as a service', () => {
    expect(serviceBySlug('consultation-services')).toBeUndefined();
  });

  it('gives each a title, a summary, features and a positive GBP price', () => {
    for (const s of services) {
      expect(s.title.length).toBeGreaterThan(2);
      expect(s.summary.length).toBeGreaterThan(40);
      expect(s.features.length).toBeGreaterThanOrEqual(3);
      expect(s.fromPrice).toBeGreaterThan(0);
    }
  });

  it('spans the advertised price range: 37.50 to 1000+', () => {
    expect(priceBounds()).toEqual({ min: 37.5, max: 1000 });
    expect(priceRange()).toBe('£37.50 - £1000+');
    expect(priceRange([{ fromPrice: 10 }, { fromPrice: 20.5 }])).toBe('£10 - £20.50+');
  });

  it('formats prices in pounds, with pence only when there are some', () => {
    expect(formatPrice(37.5)).toBe('£37.50');
    expect(formatPrice(1000)).toBe('£1,000');
    expect(formatFromPrice({ fromPrice: 37.5, priceUnit: 'month' })).toBe('From £37.50 per month');
  });

  it('finds a service by slug', () => {
    expect(serviceBySlug('dynamics-365')?.title).toBe('Dynamics 365');
    expect(serviceBySlug('nope')).toBeUndefined();
  });
});
