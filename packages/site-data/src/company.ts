import { brand } from './brand.ts';
import { contact, formatAddress, type PostalAddress } from './contact.ts';
import type { NavLink } from './nav.ts';

/** The registered company behind the brand, as Companies House and HMRC know it. */
export interface CompanyDetails {
  /** The registered name (the brand is the trading name). */
  legalName: string;
  /** Where the company is registered: Scottish companies have numbers starting 'SC'. */
  jurisdiction: 'Scotland';
  companyNumber: string;
  /** As printed on invoices: 'GB' and nine digits in groups of three, four and two. */
  vatNumber: string;
  registeredOffice: PostalAddress;
  /** ISO date of incorporation. */
  incorporated: string;
}

// Placeholders until the real registration details are supplied; the VAT number passes HMRC's check-digit rule
// (weights 8…2 over the first seven digits, plus the last two, a multiple of 97) so that forms accept it.
export const company: CompanyDetails = {
  legalName: `${brand} Ltd`,
  jurisdiction: 'Scotland',
  companyNumber: 'SC784512',
  vatNumber: 'GB 412 7395 59',
  registeredOffice: contact.address,
  incorporated: '2019-03-04',
};

/** 'Registered in Scotland as Pentland Cloud Ltd, company number SC784512.' */
export function registrationLine(details: CompanyDetails = company): string {
  return `Registered in ${details.jurisdiction} as ${details.legalName}, company number ${details.companyNumber}.`;
}

/** 'VAT number GB 412 7395 59.' */
export function vatLine(details: CompanyDetails = company): string {
  return `VAT number ${details.vatNumber}.`;
}

/** 'Registered office: Unit 4, Pentland Business Park, Thurso, Caithness KW14 7UZ.' */
export function registeredOfficeLine(details: CompanyDetails = company): string {
  return `Registered office: ${formatAddress(details.registeredOffice)}.`;
}

/** The VAT number without spaces, as schema.org's `vatID` and HMRC's checker take it. */
export function vatId(details: CompanyDetails = company): string {
  return details.vatNumber.replace(/\s+/g, '');
}

/** Whether a UK VAT number ('GB' and nine digits) passes HMRC's mod-97 check (either of its two schemes). */
export function isValidUkVatNumber(value: string): boolean {
  const m = /^GB(\d{9})$/.exec(value.replace(/\s+/g, ''));
  if (!m) return false;
  const digits = [...(m[1] as string)].map(Number);
  const weighted = digits.slice(0, 7).reduce((sum, d, i) => sum + d * (8 - i), 0);
  const check = Number((m[1] as string).slice(7));
  return (weighted + check) % 97 === 0 || (weighted + 55 + check) % 97 === 0;
}

/** The policies every page links to from its footer, in this order. */
export const policyLinks: readonly NavLink[] = [
  { label: 'Privacy', to: '/privacy' },
  { label: 'Terms', to: '/terms' },
  { label: 'Cookies', to: '/cookies' },
  { label: 'Accessibility', to: '/accessibility' },
];

/** A short line where a page collects personal data, linking the privacy notice. */
export interface PrivacyNotice {
  text: string;
  link: NavLink;
}

const privacyLink: NavLink = { label: 'Read our privacy notice', to: '/privacy' };

/** What each public form does with what it collects (the full story is the Privacy Policy). */
export const privacyNotices = {
  contact: {
    text: `We use your name, e-mail address, telephone number and message only to reply to you, and keep them for 24 months after our last contact. ${brand} never sells or shares them for marketing.`,
    link: privacyLink,
  },
  consultation: {
    text: 'We use your details and what you tell us about your project only to arrange and prepare your consultation, and keep them for 24 months after our last contact. Nothing is shared for marketing.',
    link: privacyLink,
  },
  eboard: {
    text: 'Your contact details are used only to review your entry and tell you the outcome; they are never shown. The business or event details and the image are shown publicly once approved, and kept for 12 months after they come down.',
    link: privacyLink,
  },
  chat: {
    text: 'Please do not type personal details. We use your questions only to answer you and do not store them; when our AI assistant is switched on they are passed to our AI provider to write the answer. A one-way hash of your network address is kept for a day to limit requests, and the conversation stays in this page until you leave it.',
    link: privacyLink,
  },
} as const satisfies Record<string, PrivacyNotice>;

export type PrivacyNoticeKey = keyof typeof privacyNotices;
