import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import {
  aboutContent,
  caseStudies,
  clientsContent,
  companyAccreditations,
  team,
  company,
  headFor,
  legalDocument,
  privacyNotices,
  consultationOffering,
  consultationRequestPath,
  homeContent,
  providers,
  serviceDetailContent,
  serviceDetails,
  servicePath,
  servicePrices,
  services,
  servicesContent,
  socialChannels,
  testimonials,
} from '@pentland/site-data';
import { baseUrl, named, servedPage } from './helpers.ts';
import { browser } from './shared-browser.ts';

interface Served {
  document: Document;
  html: string;
  /** The h2 texts of the main area, in order. */
  sections: string[];
  text: string;
  hrefs: string[];
  jsonLd: Record<string, unknown>[];
}

/** The page as served, before any script runs (fetched and parsed, no browser). */
async function served(path: string): Promise<Served> {
  const { document, html } = await servedPage(path);
  const main = document.querySelector('main');
  return {
    document,
    html,
    sections: [...(main?.querySelectorAll('h2') ?? [])].map((h) => h.textContent ?? ''),
    text: main?.textContent ?? '',
    hrefs: [...(main?.querySelectorAll('a') ?? [])].map((a) => a.getAttribute('href') ?? ''),
    jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map(
      (s) => JSON.parse(s.textContent ?? '') as Record<string, unknown>,
    ),
  };
}

const graphOf = (s: Served) => (s.jsonLd[0]?.['@graph'] ?? []) as Record<string, unknown>[];
const typesOf = (s: Served) => graphOf(s).map((n) => n['@type']);

describe('content pages render their sections from site-data, in the served HTML', () => {
  it('/ has the hero, ten services, why-us, providers, testimonials with 4.9 from 47, articles, prices and a closing call', async () => {
    const home = await served('/');
    expect(home.sections).toEqual([
      homeContent.servicesHeading,
      homeContent.highlightsHeading,
      homeContent.providersHeading,
      homeContent.testimonialsHeading,
      homeContent.articlesHeading,
      homeContent.pricingHeading,
      homeContent.closingHeading,
    ]);
    for (const s of services) expect(home.hrefs).toContain(servicePath(s));
    for (const h of homeContent.highlights) expect(home.text).toContain(h.title);
    for (const p of providers) expect(home.text).toContain(p.name);
    expect(home.text).toContain('Rated 4.9 out of 5 from 47 client reviews');
    for (const t of testimonials) expect(home.text).toContain(t.quote);
    // The latest articles are in the served page (blog.test.ts follows publishing), with a link to all of them.
    expect(home.text).not.toContain('Loading the latest articles…');
    expect(home.hrefs).toContain(homeContent.articlesLink.to);
    expect(home.hrefs).toContain('/pricing');
    expect(home.hrefs).toContain('/consultation-request');
  });

  it('/services lists the ten services with their from prices and consultations as the eleventh offering', async () => {
    const page = await served('/services');
    expect(page.sections).toContain(servicesContent.gridHeading);
    expect(page.sections).toContain(servicesContent.consultationsHeading);
    expect(page.sections).toContain(homeContent.articlesHeading);
    for (const s of services) {
      expect(page.hrefs).toContain(servicePath(s));
      expect(page.text).toContain(s.title);
    }
    expect(page.text).toContain('From £37.50 per month');
    for (const point of consultationOffering.points) expect(page.text).toContain(point);
    expect(typesOf(page)).toEqual(['ProfessionalService', 'WebPage']);
  });

  it.each(services.map((s) => [s.slug, s]))(
    '/services/%s: description, included, steps, prices, FAQs, related services, preselecting CTA and its JSON-LD',
    async (_, service) => {
      const page = await served(servicePath(service));
      const detail = serviceDetails[service.slug];
      expect(page.sections).toEqual([
        serviceDetailContent.aboutHeading,
        serviceDetailContent.featuresHeading,
        serviceDetailContent.stepsHeading,
        serviceDetailContent.pricesHeading,
        serviceDetailContent.faqsHeading,
        serviceDetailContent.relatedHeading,
        serviceDetailContent.closingHeading(service.title),
      ]);
      for (const p of detail.description) expect(page.text).toContain(p);
      for (const f of service.features) expect(page.text).toContain(f);
      for (const step of detail.steps) expect(page.text).toContain(step.title);
      for (const price of servicePrices(service.slug)) expect(page.text).toContain(`${price.name}`);
      for (const faq of detail.faqs) {
        expect(page.text).toContain(faq.question);
        expect(page.text).toContain(faq.answer);
      }
      for (const slug of detail.related) expect(page.hrefs).toContain(`/services/${slug}`);
      // Both calls to action open the request form with this service preselected.
      const request = consultationRequestPath(service.slug);
      expect(page.hrefs.filter((h) => h === request)).toHaveLength(2);
      expect(page.hrefs).not.toContain('/consultation-request');

      expect(page.jsonLd).toHaveLength(1);
      const graph = graphOf(page);
      expect(typesOf(page)).toEqual(['ProfessionalService', 'WebPage', 'Service', 'FAQPage']);
      const node = graph[2] as { name: string; provider: unknown; offers: { priceCurrency: string }[] };
      expect(node.name).toBe(service.title);
      expect(node.provider).toEqual({ '@id': 'https://pentlandcloud.co.uk/#business' });
      expect(node.offers.length).toBe(servicePrices(service.slug).length);
      expect(node.offers.every((o) => o.priceCurrency === 'GBP')).toBe(true);
      const faq = graph[3] as { mainEntity: { name: string }[] };
      expect(faq.mainEntity.map((q) => q.name)).toEqual(detail.faqs.map((f) => f.question));
    },
  );

  it('/providers names each platform and what is done with it', async () => {
    const page = await served('/providers');
    for (const p of providers) {
      expect(page.sections).toContain(p.name);
      expect(page.text).toContain(p.whatWeDo);
    }
    // Text badges only: no hot-linked or third-party images.
    expect(page.html.match(/<img[^>]*>/g) ?? []).toEqual([]);
  });

  it('/clients shows sectors, case studies as problem, solution and result, and testimonials', async () => {
    const page = await served('/clients');
    expect(page.sections).toEqual([
      clientsContent.sectorsHeading,
      clientsContent.caseStudiesHeading,
      clientsContent.testimonialsHeading,
      homeContent.closingHeading,
    ]);
    for (const c of caseStudies)
      for (const part of [c.problem, c.solution, c.result]) expect(page.text).toContain(part);
    expect(page.text).toContain(clientsContent.ratingText);
  });

  it('/clients proves it: each case study with sector and town, measured results and an attributed quote; the rating says where it comes from', async () => {
    const page = await served('/clients');
    for (const c of caseStudies) {
      expect(page.text).toContain(`${c.sector} · ${c.town}`);
      for (const f of c.figures) {
        expect(f.value).toMatch(/\d/);
        expect(page.text).toContain(`${f.value}${f.label}`);
      }
      expect(page.text).toContain(c.quote.text);
      expect(page.text).toContain(`${c.quote.name}, ${c.quote.role}, ${c.quote.organisation}`);
    }
    for (const t of testimonials) expect(page.text).toContain(`${t.role}, ${t.organisation}`);
    expect(page.text).toContain(clientsContent.ratingSource);
    const home = await served('/');
    expect(home.text).toContain(clientsContent.ratingSource);
    expect(home.text).toMatch(
      /Azure Solutions Architect Expert.*AWS Certified Solutions Architect.*Cyber Essentials Plus/,
    );
  });

  it('/about tells the story, introduces the team with qualifications explained, how we work, where and careers', async () => {
    const page = await served('/about');
    expect(page.sections).toEqual([
      aboutContent.storyHeading,
      aboutContent.teamHeading,
      aboutContent.howWeWorkHeading,
      aboutContent.whereHeading,
      aboutContent.careersHeading,
      homeContent.closingHeading,
    ]);
    for (const p of [...aboutContent.story, ...aboutContent.where, ...aboutContent.careers])
      expect(page.text).toContain(p);
    for (const member of team) {
      expect(page.text).toContain(member.name);
      expect(page.text).toContain(member.role);
      for (const c of member.credentials) {
        expect(page.text).toContain(c.name);
        expect(page.text).toContain(c.meaning);
      }
    }
    for (const c of companyAccreditations) expect(page.text).toContain(c.name);
    for (const step of aboutContent.howWeWork) expect(page.text).toContain(step.title);
    expect(page.hrefs).toContain(aboutContent.careersLink.to);
    expect(typesOf(page)).toEqual(['ProfessionalService', 'AboutPage', 'Organization']);
    const org = graphOf(page)[2] as { employee: { name: string }[]; legalName: string };
    expect(org.employee.map((e) => e.name)).toEqual(team.map((m) => m.name));
    expect(org.legalName).toBe(company.legalName);
    expect(page.html).toContain('<title data-head>About Us | Pentland Cloud</title>');
    expect(page.html).toContain('<link data-head rel="canonical" href="https://pentlandcloud.co.uk/about">');
    // Initials avatars: no photographs to license.
    expect(page.html.match(/<img[^>]*>/g) ?? []).toEqual([]);
  });

  it('/about is in the sitemap, the footer and the mobile Main Pages, not the desktop bar', async () => {
    const sitemap = await (await fetch(baseUrl() + '/sitemap.xml')).text();
    expect(sitemap).toContain('<loc>https://pentlandcloud.co.uk/about</loc>');
    const { document } = await servedPage('/');
    const aboutLinks = [...(document.querySelector('footer')?.querySelectorAll('a') ?? [])].filter((a) =>
      (a.textContent ?? '').toLowerCase().includes('about us'),
    );
    expect(aboutLinks.map((a) => a.getAttribute('href'))).toEqual(['/about']);
    const aboutIn = (navs: Element[]) => navs.flatMap((n) => [...n.querySelectorAll('a[href="/about"]')]);
    expect(aboutIn(named(document, 'nav', 'Main Pages'))).toHaveLength(1);
    expect(aboutIn(named(document, 'nav', 'Main', { exact: true }))).toHaveLength(0);
  });

  it('/pricing leads with the service prices and the package builder; Premium is its own section after them, with a Free card', async () => {
    const page = await served('/pricing');
    expect(page.sections.slice(0, 4)).toEqual([
      'Service prices',
      'Build your own package',
      'Premium membership for the signed-in tools',
      'Free and Premium compared',
    ]);
    expect(page.hrefs).toContain('/service-packages');
    expect(page.hrefs.indexOf('/service-packages')).toBeLessThan(page.hrefs.indexOf('/auth?mode=signup'));
    for (const s of services) expect(page.hrefs).toContain(servicePath(s));
    const [list, ...more] = named(page.document, 'ul, ol, [role="list"]', 'Free and Premium plans');
    expect(more).toEqual([]);
    expect(
      [...(list?.querySelectorAll('h3, [role="heading"][aria-level="3"]') ?? [])].map((h) => h.textContent),
    ).toEqual(['Free', 'Premium Monthly', 'Premium YearlyBest value']);
    expect(list?.textContent).toContain('AI article generator: 3 generations a month');
  });

  it('/social shows the six channels with their purpose and links, and loads nothing from the networks', async () => {
    const page = await served('/social');
    for (const c of socialChannels) {
      expect(page.sections).toContain(c.label);
      expect(page.text).toContain(c.purpose);
      expect(page.hrefs).toContain(c.href);
    }
    expect(page.html).not.toMatch(/<iframe|<script[^>]+src="https?:/);
  });
});

describe('the legal pages and privacy notices, as served', () => {
  it.each([
    ['/cookies', 'WebPage'],
    ['/accessibility', 'WebPage'],
  ])('%s is served whole: title, canonical, JSON-LD and every section of its document', async (path) => {
    const expected = headFor(path);
    const page = await served(path);
    expect(page.html).toContain(`<title data-head>${expected.title}</title>`);
    expect(page.html).toContain(`<link data-head rel="canonical" href="https://pentlandcloud.co.uk${path}">`);
    expect(typesOf(page)).toEqual(['ProfessionalService', 'WebPage']);
    const webPage = graphOf(page)[1] as { name: string; url: string };
    expect(webPage.url).toBe(`https://pentlandcloud.co.uk${path}`);
    expect(webPage.name).toBe(expected.title);
    const business = graphOf(page)[0] as { legalName: string; vatID: string };
    expect(business.legalName).toBe(company.legalName);
    expect(business.vatID).toBe(company.vatNumber.replace(/ /g, ''));
    const document = legalDocument(path as '/cookies' | '/accessibility');
    expect(page.sections).toEqual(['Contents', ...document.sections.map((s) => s.heading)]);
    for (const section of document.sections)
      for (const item of [...section.paragraphs, ...(section.list ?? [])]) expect(page.text).toContain(item);
  });

  it('the cookie notice lists the session, auth_redirect and the visit-only chat, and no trackers', async () => {
    const page = await served('/cookies');
    for (const key of [
      'sb-<project>-auth-token',
      'auth_redirect',
      'pentland_visitor',
      'The chat conversation',
    ])
      expect(page.text).toContain(key);
    expect(page.text).toContain('no third-party trackers');
  });

  it.each([
    ['/contact', 'contact'],
    ['/consultation-request', 'consultation'],
    ['/eboard-submissions', 'eboard'],
    ['/chat', 'chat'],
  ] as const)('%s links the privacy notice where it collects data', async (path, form) => {
    const page = await served(path);
    expect(page.text).toContain(privacyNotices[form].text);
    expect(page.hrefs).toContain('/privacy');
  });
});

describe('service calls to action', () => {
  // One tab for the ten services, as a visitor goes from one service to the next (a fresh context for each cost
  // about a CPU-second more: a new renderer compiling every script again). The request form keeps nothing between
  // visits (no draft is stored), so each service's form starts as its link makes it.
  let tab: Promise<{ context: BrowserContext; page: Page }> | undefined;
  const tabOnce = () =>
    (tab ??= browser
      .newContext({ viewport: { width: 1280, height: 800 } })
      .then(async (context) => ({ context, page: await context.newPage() })));
  afterAll(async () => {
    if (tab) await (await tab).context.close();
  });

  it.each(services.map((s) => [s.slug, s.title]))(
    "%s: following the page's call to action opens the request form with that service, and only it, chosen",
    async (slug, title) => {
      const { page } = await tabOnce();
      await page.goto(baseUrl() + servicePath({ slug }), { waitUntil: 'networkidle' });
      await page
        .getByRole('main')
        .getByRole('link', { name: serviceDetailContent.primaryActionLabel })
        .first()
        .click();
      await page.waitForURL((u) => u.pathname === '/consultation-request');
      expect(new URL(page.url()).searchParams.get('service')).toBe(slug);
      const form = page.getByRole('form', { name: 'Consultation request' });
      // The form preselects once it has hydrated: give that the locators' 10 s, not the poll's default 1 s.
      await expect
        .poll(() => form.getByRole('checkbox', { name: title, exact: true }).isChecked(), {
          timeout: 10_000,
        })
        .toBe(true);
      const checked = await form
        .getByRole('checkbox')
        .evaluateAll(
          (boxes) =>
            boxes.filter((b) => b.getAttribute('aria-checked') === 'true' || (b as HTMLInputElement).checked)
              .length,
        );
      expect(checked).toBe(1);
    },
  );
});
