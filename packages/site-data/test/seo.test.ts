/* eslint-disable @typescript-eslint/no-explicit-any -- JSON-LD nodes are read as plain JSON */
import { describe, expect, it } from 'vitest';
import {
  businessOf,
  contact,
  escapeHtml,
  geoMetaTags,
  headFor,
  headToHtml,
  jsonLdString,
  routes,
  siteUrl,
  socialLinks,
  structuredData,
  sitemapXml,
  robotsTxt,
  serviceDetails,
  servicePrices,
  services,
} from '../src/index.ts';

describe('structuredData', () => {
  const data = structuredData('/pricing/');
  const business = businessOf(data)!;

  it('is schema.org JSON-LD with a business node and a page node', () => {
    expect(data['@context']).toBe('https://schema.org');
    expect(business['@type']).toBe('ProfessionalService');
    expect(business.name).toBe('Pentland Cloud');
  });

  it('carries opening hours Mon-Fri 09:00-17:00', () => {
    expect(business.openingHours).toBe('Mo-Fr 09:00-17:00');
    expect(business.openingHoursSpecification).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
        opens: '09:00',
        closes: '17:00',
      },
    ]);
  });

  it('carries the price range, currency and accepted payments', () => {
    expect(business.priceRange).toBe('£37.50 - £1000+');
    expect(business.currenciesAccepted).toBe('GBP');
    expect(business.paymentAccepted).toBe('Cash, Credit Card, Bank Transfer, Invoice');
  });

  it('serves a 50 km radius and is rated 4.9 from 47 ratings', () => {
    expect(business.areaServed).toMatchObject({ '@type': 'GeoCircle', geoRadius: 50000 });
    expect(business.aggregateRating).toMatchObject({ ratingValue: 4.9, ratingCount: 47, bestRating: 5 });
  });

  it('offers a reservation action at the consultation request page', () => {
    expect(business.potentialAction).toMatchObject({
      '@type': 'ReserveAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${siteUrl}/consultation-request` },
    });
  });

  it('names the contact details, address and social profiles', () => {
    expect(business.email).toBe(contact.email);
    expect(business.telephone).toBe(contact.phoneE164);
    expect(business.address).toMatchObject({ addressLocality: 'Thurso', addressCountry: 'GB' });
    expect(business.sameAs).toEqual(socialLinks.map((l) => l.href));
  });

  it('points the page node at the canonical URL of the path', () => {
    const page = (data['@graph'] as Record<string, unknown>[])[1]!;
    expect(page).toMatchObject({
      '@type': 'WebPage',
      url: `${siteUrl}/pricing`,
      name: 'Pricing | Pentland Cloud',
    });
    const home = (structuredData('/?utm=x')['@graph'] as Record<string, unknown>[])[1]!;
    expect(home.url).toBe(`${siteUrl}/`);
  });

  it('adds the Service (provider, area served, offers in GBP) and the FAQPage on a service page only', () => {
    const graph = structuredData('/services/domain-hosting/')['@graph'] as Record<string, any>[];
    const service = graph.find((n) => n['@type'] === 'Service')!;
    expect(service).toMatchObject({
      name: 'Domain & Hosting',
      url: `${siteUrl}/services/domain-hosting`,
      provider: { '@id': `${siteUrl}/#business` },
    });
    expect(service.areaServed[0]).toMatchObject({ '@type': 'GeoCircle', geoRadius: 50000 });
    expect(service.offers[0]).toMatchObject({
      '@type': 'Offer',
      name: 'Essential',
      price: '37.50',
      priceCurrency: 'GBP',
    });
    expect(service.offers.every((o: { priceCurrency: string }) => o.priceCurrency === 'GBP')).toBe(true);
    const faq = graph.find((n) => n['@type'] === 'FAQPage')!;
    expect(faq.mainEntity).toEqual(
      serviceDetails['domain-hosting'].faqs.map((f) => ({
        '@type': 'Question',
        name: f.question,
        acceptedAnswer: { '@type': 'Answer', text: f.answer },
      })),
    );
    for (const path of ['/services', '/', '/services/consultation-services', '/pricing']) {
      const types = (structuredData(path)['@graph'] as Record<string, unknown>[]).map((n) => n['@type']);
      expect(types, path).toEqual(['ProfessionalService', 'WebPage']);
    }
  });

  it("prices every service page from the package catalogue, the lowest offer being the service's from price", () => {
    for (const s of services) {
      const prices = servicePrices(s.slug);
      expect(prices.length, s.slug).toBeGreaterThan(0);
      expect(Math.min(...prices.map((p) => p.amount)), s.slug).toBe(s.fromPrice);
    }
    expect(servicePrices('cloud-infrastructure')[0]).toEqual({
      name: 'Foundation',
      summary: 'Migration of up to 2 servers with backup and monitoring',
      price: 'From £1,000',
      terms: 'one-off, or £250 a month',
      amount: 1000,
      billing: 'one-off',
    });
    expect(servicePrices('domain-hosting')[0]?.terms).toBe('a month');
  });

  it('returns undefined from businessOf for data without a graph', () => {
    expect(businessOf({})).toBeUndefined();
  });
});

describe('geo meta tags', () => {
  it('place the business in Thurso, in the Highland council area', () => {
    const byName = Object.fromEntries(geoMetaTags.map((t) => [t.name, t.content]));
    expect(byName['geo.region']).toBe('GB-HLD');
    expect(byName['geo.placename']).toBe('Thurso');
    expect(byName['geo.position']).toMatch(/^58\.\d+;-3\.\d+$/);
    expect(byName.ICBM).toBe(byName['geo.position']!.replace(';', ', '));
  });
});

describe('headFor', () => {
  it('gives each route its title, description and canonical URL', () => {
    for (const route of routes) {
      const path = route.path.replace(':id', 'x1');
      const head = headFor(`${path}/?ref=1#top`);
      expect(head.status).toBe(200);
      expect(head.route).toBe(route);
      expect(head.title).toContain(route.title);
      expect(head.description).toBe(route.description);
      expect(head.canonical).toBe(path === '/' ? `${siteUrl}/` : `${siteUrl}${path}`);
    }
  });

  it('indexes public pages only', () => {
    const robots = (p: string) => headFor(p).meta.find((m) => m.name === 'robots')?.content;
    expect(robots('/services')).toBe('index, follow');
    expect(robots('/welcome')).toBe('noindex, nofollow');
    expect(robots('/services/consultation-services')).toBe('noindex, nofollow');
    expect(robots('/nowhere')).toBe('noindex');
    // A booking's own page: anyone with its link, no search engine; the page without one says how to manage a booking.
    expect(robots('/bookings/manage?token=abc')).toBe('noindex, nofollow');
    expect(robots('/bookings/manage?x=1&token=')).toBe('noindex, nofollow');
    expect(headFor('/bookings/manage?token=abc').canonical).toBe(`${siteUrl}/bookings/manage`);
    expect(robots('/bookings/manage')).toBe('index, follow');
    expect(robots('/bookings/manage?utm_source=mail')).toBe('index, follow');
  });

  it('carries the geo tags and the structured data on every page', () => {
    for (const p of ['/', '/welcome', '/nowhere']) {
      const head = headFor(p);
      for (const tag of geoMetaTags) expect(head.meta).toContainEqual(tag);
      expect(businessOf(head.jsonLd)?.aggregateRating).toBeDefined();
    }
  });

  it('answers an unknown path with the not-found page, status 404 and no canonical', () => {
    const head = headFor('/a/?x=1#y');
    expect(head).toMatchObject({ title: 'Page Not Found | Pentland Cloud', status: 404, canonical: null });
    expect(head.route).toBeUndefined();
  });
});

describe('headToHtml', () => {
  it('writes escaped, marked tags that a parser reads back', () => {
    const html = headToHtml(headFor('/services/'));
    expect(html).toContain('<title data-head>Services | Pentland Cloud</title>');
    expect(html).toContain(`<link data-head rel="canonical" href="${siteUrl}/services">`);
    expect(html).toContain('<meta data-head name="geo.region" content="GB-HLD">');
    const json = /<script data-head type="application\/ld\+json">(.*)<\/script>/s.exec(html)?.[1];
    expect(businessOf(JSON.parse(json!))?.name).toBe('Pentland Cloud');
    expect(headToHtml(headFor('/nope'))).not.toContain('canonical');
  });

  it('escapes text so that neither attributes nor the script can be broken out of', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    const text = jsonLdString({ s: '</script><script>alert(1)</script>' });
    expect(text).not.toContain('</script');
    expect(JSON.parse(text)).toEqual({ s: '</script><script>alert(1)</script>' });
  });
});

describe('sitemap and robots', () => {
  it('lists every prerendered public page, and no private one', () => {
    const xml = sitemapXml();
    expect(xml).toContain(`<loc>${siteUrl}/</loc>`);
    expect(xml).toContain(`<loc>${siteUrl}/services/gaming-setup</loc>`);
    expect(xml).not.toContain('/welcome');
    expect(xml).not.toContain(':id');
    expect(xml).toContain(`<loc>${siteUrl}/bookings/manage</loc>`);
  });

  it('keeps crawlers out of the signed-in and admin areas', () => {
    const txt = robotsTxt();
    expect(txt).toContain('Disallow: /welcome\n');
    expect(txt).toContain('Disallow: /article-editor/\n');
    expect(txt).toContain('Disallow: /services/consultation-services\n');
    expect(txt).not.toMatch(/Disallow: \/services\n/);
    expect(txt).toContain(`Sitemap: ${siteUrl}/sitemap.xml`);
  });
});
