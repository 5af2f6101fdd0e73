import { brand, tagline } from './brand.ts';
import { company, policyLinks } from './company.ts';
import { contact, formatAddress, socialLinks, telHref } from './contact.ts';
import { footerQuickLinks } from './nav.ts';
import { servicePath, services } from './services.ts';

/**
 * Everything the footer shows, in the shape of the UI kit's Footer props (the kit imports no site data: the web app
 * and the stories pass this in).
 */
export const footerContent = {
  brand,
  tagline,
  quickLinks: footerQuickLinks,
  serviceLinks: services.map((s) => ({ label: s.title, to: servicePath(s) })),
  contact: {
    email: contact.email,
    phone: contact.phone,
    phoneHref: telHref,
    address: formatAddress(contact.address),
  },
  socialLinks: socialLinks.map(({ label, href }) => ({ label, href })),
  policyLinks,
  company: {
    legalName: company.legalName,
    registeredIn: company.jurisdiction,
    companyNumber: company.companyNumber,
    vatNumber: company.vatNumber,
    registeredOffice: formatAddress(company.registeredOffice),
  },
} as const;
