import { describe, expect, it } from 'vitest';
import {
  company,
  contact,
  footerContent,
  formatAddress,
  isValidUkVatNumber,
  matchRoute,
  policyLinks,
  privacyNotices,
  registeredOfficeLine,
  registrationLine,
  services,
  structuredData,
  businessOf,
  vatId,
  vatLine,
} from '../src/index.ts';

describe('the registered company', () => {
  it('is one record: a Scottish company number, a VAT number that passes HMRC’s check and the registered office', () => {
    expect(company.legalName).toBe('Pentland Cloud Ltd');
    expect(company.companyNumber).toMatch(/^SC\d{6}$/);
    expect(company.vatNumber).toMatch(/^GB \d{3} \d{4} \d{2}$/);
    expect(isValidUkVatNumber(company.vatNumber)).toBe(true);
    expect(company.registeredOffice).toEqual(contact.address);
    expect(company.incorporated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('checks VAT numbers by HMRC’s mod-97 rule, both schemes', () => {
    expect(isValidUkVatNumber('GB 412 7395 59')).toBe(true);
    expect(isValidUkVatNumber('GB412739559')).toBe(true);
    expect(isValidUkVatNumber('GB 412 7395 58')).toBe(false);
    expect(isValidUkVatNumber('412 7395 59')).toBe(false);
    // 8 + 55 + 34 = 97: the scheme for numbers issued since 2010.
    expect(isValidUkVatNumber('GB 100 0000 34')).toBe(true);
  });

  it('reads as the footer and the legal pages print it', () => {
    expect(registrationLine()).toBe('Registered in Scotland as Pentland Cloud Ltd, company number SC784512.');
    expect(vatLine()).toBe('VAT number GB 412 7395 59.');
    expect(registeredOfficeLine()).toBe(
      'Registered office: Unit 4, Pentland Business Park, Thurso, Caithness KW14 7UZ.',
    );
    expect(vatId()).toBe('GB412739559');
  });

  it('is in every page’s structured data: legal name, VAT ID and company number', () => {
    for (const path of ['/', '/about', '/cookies', '/services']) {
      const business = businessOf(structuredData(path));
      expect(business?.legalName, path).toBe(company.legalName);
      expect(business?.vatID, path).toBe('GB412739559');
      expect(business?.identifier, path).toEqual({
        '@type': 'PropertyValue',
        propertyID: 'Companies House company number',
        value: 'SC784512',
      });
    }
  });
});

describe('the footer content', () => {
  it('links Privacy, Terms, Cookies and Accessibility, each a public route', () => {
    expect(policyLinks.map((l) => [l.label, l.to])).toEqual([
      ['Privacy', '/privacy'],
      ['Terms', '/terms'],
      ['Cookies', '/cookies'],
      ['Accessibility', '/accessibility'],
    ]);
    for (const link of policyLinks) expect(matchRoute(link.to)?.route.access, link.to).toBe('public');
    expect(footerContent.policyLinks).toBe(policyLinks);
  });

  it('carries the company details and the contact block from their one record', () => {
    expect(footerContent.company).toEqual({
      legalName: company.legalName,
      registeredIn: 'Scotland',
      companyNumber: company.companyNumber,
      vatNumber: company.vatNumber,
      registeredOffice: formatAddress(company.registeredOffice),
    });
    expect(footerContent.contact.phoneHref).toBe(`tel:${contact.phoneE164}`);
    expect(footerContent.serviceLinks).toHaveLength(services.length);
    for (const link of [...footerContent.quickLinks, ...footerContent.serviceLinks])
      expect(matchRoute(link.to), link.to).toBeDefined();
  });
});

describe('privacy notices where the site collects data', () => {
  it('cover the contact, consultation, E-Board and chat pages and link the privacy policy', () => {
    expect(Object.keys(privacyNotices).sort()).toEqual(['chat', 'consultation', 'contact', 'eboard']);
    for (const notice of Object.values(privacyNotices)) {
      expect(notice.link.to).toBe('/privacy');
      expect(notice.text.length).toBeGreaterThan(60);
    }
    expect(privacyNotices.chat.text).toMatch(/not store/);
  });
});
