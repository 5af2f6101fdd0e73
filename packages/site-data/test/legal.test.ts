import { describe, expect, it } from 'vitest';
import {
  brand,
  company,
  contact,
  formatAddress,
  formatLegalDate,
  isLegalPath,
  legalDocument,
  legalPaths,
  matchRoute,
  storedItems,
  type LegalDocument,
} from '../src/index.ts';

const documents: LegalDocument[] = legalPaths.map((path) => legalDocument(path));

function fullText(document: LegalDocument): string {
  return [
    document.title,
    document.intro,
    ...document.sections.flatMap((s) => [
      s.heading,
      ...s.paragraphs,
      ...(s.list ?? []),
      ...(s.links ?? []).map((l) => l.label),
    ]),
  ].join('\n');
}

function sectionText(document: LegalDocument, id: string): string {
  const section = document.sections.find((s) => s.id === id);
  expect(section, `${document.path}#${id}`).toBeDefined();
  return [section!.heading, ...section!.paragraphs, ...(section!.list ?? [])].join('\n');
}

describe('legal documents', () => {
  it('are the public /terms, /privacy, /cookies and /accessibility routes, titled as the route table titles them', () => {
    expect([...legalPaths].sort()).toEqual(['/accessibility', '/cookies', '/privacy', '/terms']);
    for (const document of documents) {
      const route = matchRoute(document.path)?.route;
      expect(route?.path, document.path).toBe(document.path);
      expect(route?.access).toBe('public');
      expect(document.title).toBe(route?.title);
    }
    expect(legalDocument('/terms').title).toBe('Terms of Service');
    expect(legalDocument('/privacy').title).toBe('Privacy Policy');
    expect(legalDocument('/cookies').title).toBe('Cookies and Storage');
    expect(legalDocument('/accessibility').title).toBe('Accessibility Statement');
  });

  it('name the brand, its address and its e-mail from the contact data', () => {
    for (const document of documents) {
      const text = fullText(document);
      expect(text).toContain(brand);
      expect(text).toContain(formatAddress(contact.address));
      expect(text).toContain(contact.address.postalCode);
      expect(text).toContain(contact.email);
      expect(text).toContain(contact.phone);
    }
  });

  it('give every section a unique, fragment-safe id and a heading', () => {
    for (const document of documents) {
      const ids = document.sections.map((s) => s.id);
      expect(new Set(ids).size, document.path).toBe(ids.length);
      for (const section of document.sections) {
        expect(section.id).toMatch(/^[a-z][a-z0-9-]*$/);
        expect(section.heading.trim()).not.toBe('');
      }
    }
  });

  it('has no empty paragraph, list item or link', () => {
    for (const document of documents) {
      expect(document.intro.trim()).not.toBe('');
      for (const section of document.sections) {
        expect(section.paragraphs.length, `${document.path}#${section.id}`).toBeGreaterThan(0);
        for (const text of [...section.paragraphs, ...(section.list ?? [])]) {
          expect(text.trim(), `${document.path}#${section.id}`).not.toBe('');
          expect(text).not.toMatch(/undefined|\[object/);
        }
        if (section.list) expect(section.list.length).toBeGreaterThan(0);
        for (const link of section.links ?? []) {
          expect(link.label.trim()).not.toBe('');
        }
      }
    }
  });

  it('links only to routes that exist or to mail, telephone and https addresses', () => {
    for (const document of documents) {
      for (const link of document.sections.flatMap((s) => s.links ?? [])) {
        if (link.to.startsWith('/')) expect(matchRoute(link.to), link.to).toBeDefined();
        else expect(link.to).toMatch(/^(mailto:|tel:|https:\/\/)/);
      }
    }
  });

  it('dates the terms and privacy policy 22 November 2026, the accessibility statement 26 November and the cookie notice 28 November', () => {
    for (const path of ['/terms', '/privacy'] as const) {
      expect(legalDocument(path).lastUpdated).toBe('2026-11-22');
      expect(formatLegalDate(legalDocument(path).lastUpdated)).toBe('22 November 2026');
    }
    expect(formatLegalDate(legalDocument('/accessibility').lastUpdated)).toBe('26 November 2026');
    expect(formatLegalDate(legalDocument('/cookies').lastUpdated)).toBe('28 November 2026');
  });

  it('recognises only the four legal paths', () => {
    for (const path of legalPaths) expect(isLegalPath(path)).toBe(true);
    expect(isLegalPath('/contact')).toBe(false);
    expect(isLegalPath('/terms/')).toBe(false);
  });
});

describe('privacy policy', () => {
  const policy = legalDocument('/privacy');
  const headings = policy.sections.map((s) => s.heading);

  it.each([
    ['data controller', /data controller/i],
    ['cookies', /cookies/i],
    ['retention', /retention/i],
    ['rights', /your rights/i],
    ['ICO complaints', /ICO/],
    ['contact', /contact/i],
  ])('has a section headed for %s', (_topic, pattern) => {
    expect(
      headings.some((h) => pattern.test(h)),
      headings.join(' | '),
    ).toBe(true);
  });

  it('names the controller with its address and e-mail in the controller section', () => {
    const text = sectionText(policy, 'data-controller');
    expect(text).toContain(brand);
    expect(text).toContain(formatAddress());
    expect(text).toContain(contact.email);
  });

  it('describes the browser storage the site really uses and no tracking', () => {
    const text = sectionText(policy, 'cookies');
    expect(text).toContain('local storage');
    expect(text).toContain('auth_redirect');
    expect(text).toMatch(/no advertising, analytics or tracking cookies/);
    expect(text).toContain('PECR');
  });

  it('states concrete retention periods', () => {
    const text = sectionText(policy, 'retention');
    expect(text).toMatch(/delete your account from your profile.*deleted at once/);
    expect(text).toMatch(/24 months/);
    expect(text).toMatch(/6 years.*HMRC/);
    expect(text).toMatch(/Server logs: 30 days/);
  });

  it('lists every UK GDPR right and how to use them', () => {
    const text = sectionText(policy, 'your-rights');
    for (const right of [
      'Access',
      'Rectification',
      'Erasure',
      'Restriction',
      'Portability',
      'Objection',
      'Withdraw consent',
    ]) {
      expect(text).toContain(`${right}:`);
    }
    const how = sectionText(policy, 'exercising-your-rights');
    expect(how).toContain(contact.email);
    expect(how).toContain('one month');
    expect(how).toMatch(/profile lets you download a copy of your data/);
  });

  it('gives the ICO contact details', () => {
    const text = sectionText(policy, 'complaints');
    expect(text).toContain('ico.org.uk');
    expect(text).toContain('0303 123 1113');
  });

  it('says card data stays with the payment processor', () => {
    expect(sectionText(policy, 'data-we-collect')).toMatch(/never stored by us/);
  });

  it('names the registered company as the controller and links the full storage list', () => {
    expect(sectionText(policy, 'data-controller')).toContain(
      `Registered in Scotland as ${company.legalName}, company number ${company.companyNumber}.`,
    );
    const cookies = policy.sections.find((s) => s.id === 'cookies');
    expect(cookies?.links?.map((l) => l.to)).toEqual(['/cookies']);
  });
});

describe('cookie notice', () => {
  const notice = legalDocument('/cookies');

  it('says no cookies, no analytics and no third-party trackers', () => {
    expect(notice.intro).toMatch(/sets no cookies/);
    expect(notice.intro).toMatch(/no third-party trackers/);
    expect(sectionText(notice, 'what-we-do-not')).toMatch(/no analytics tools/);
  });

  it('lists every item the code stores, where, why and for how long', () => {
    const text = sectionText(notice, 'what-we-store');
    // The keys the site's code and supabase-js use (apps/web/src, auth-machine's AUTH_REDIRECT_KEY, useAutosave).
    for (const key of [
      'sb-<project>-auth-token',
      'sb-<project>-auth-token-code-verifier',
      'auth_redirect',
      'article-draft:<id>',
      'article-draft:<id>:version',
      'poster-draft:<id>',
      'pentland_visitor',
      'chat conversation',
    ])
      expect(text).toContain(key);
    expect(storedItems.find((i) => i.name === 'auth_redirect')?.where).toBe('Session storage');
    expect(storedItems.find((i) => i.name === 'The chat conversation')?.lasts).toMatch(/nothing is written/);
    for (const item of storedItems) {
      for (const field of [item.purpose, item.lasts, item.who]) expect(field.trim()).not.toBe('');
    }
  });

  it('explains PECR and how to remove what is stored', () => {
    expect(sectionText(notice, 'consent')).toContain('PECR');
    expect(sectionText(notice, 'control')).toMatch(/Signing out removes your session/);
  });
});

describe('accessibility statement', () => {
  const statement = legalDocument('/accessibility');

  it('names WCAG 2.2 AA, how it is tested, the known limits and how to report a problem', () => {
    expect(sectionText(statement, 'standard')).toMatch(/WCAG\) version 2\.2 at level AA/);
    const testing = sectionText(statement, 'how-we-test');
    expect(testing).toContain('axe-core');
    expect(testing).toMatch(/1280 px.*375 px/);
    expect(sectionText(statement, 'known-limits')).toMatch(/2\.5\.7/);
    const report = sectionText(statement, 'report-a-problem');
    expect(report).toContain(contact.email);
    expect(report).toContain(contact.phone);
    expect(report).toMatch(/five working days/);
  });
});

describe('terms of service', () => {
  const terms = legalDocument('/terms');

  it('chooses Scots law and the Scottish courts', () => {
    const text = sectionText(terms, 'governing-law');
    expect(text).toContain('law of Scotland');
    expect(text).toContain('Scottish courts');
  });

  it('keeps the consumer rights the law gives', () => {
    expect(sectionText(terms, 'premium-subscription')).toContain('14 days');
    expect(sectionText(terms, 'liability')).toMatch(/cannot be limited or excluded under UK law/);
    expect(sectionText(terms, 'accounts')).toContain('18');
  });

  it('quotes prices in GBP as "from" prices with the written quote governing', () => {
    const text = sectionText(terms, 'consultations-and-quotes');
    expect(text).toContain('GBP');
    expect(text).toMatch(/written quote/);
  });

  it('links to the privacy policy', () => {
    const links = terms.sections.flatMap((s) => s.links ?? []);
    expect(links.map((l) => l.to)).toContain('/privacy');
  });
});
