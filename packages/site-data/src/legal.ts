import { brand, siteUrl } from './brand.ts';
import { company, registrationLine } from './company.ts';
import { contact, formatAddress, mailtoHref, telHref } from './contact.ts';
import type { NavLink } from './nav.ts';
import { routes } from './routes.ts';

/** The policies: the two the sign-up form links to (privacy and terms), the cookie notice and the accessibility statement. */
export type LegalPath = '/terms' | '/privacy' | '/cookies' | '/accessibility';

export const legalPaths: readonly LegalPath[] = ['/terms', '/privacy', '/cookies', '/accessibility'];

export interface LegalSection {
  /** The fragment the table of contents links to; unique within its document. */
  id: string;
  heading: string;
  paragraphs: readonly string[];
  /** A bulleted list shown after the paragraphs. */
  list?: readonly string[];
  /** Links shown after the text: site routes, `mailto:`, `tel:` or `https:` addresses. */
  links?: readonly NavLink[];
}

export interface LegalDocument {
  path: LegalPath;
  /** The route table's title for the path. */
  title: string;
  /** ISO date (YYYY-MM-DD) of the last change. */
  lastUpdated: string;
  intro: string;
  sections: readonly LegalSection[];
}

const lastUpdated = '2026-11-22';
const address = formatAddress();
const email = contact.email;
const site = siteUrl.replace(/^https:\/\//, '');

function routeTitle(path: LegalPath): string {
  const route = routes.find((r) => r.path === path);
  if (!route) throw new Error(`No route for ${path}`);
  return route.title;
}

const contactLinks: readonly NavLink[] = [
  { label: `E-mail ${email}`, to: mailtoHref },
  { label: `Call ${contact.phone}`, to: telHref },
];

const controllerLine = `${brand}, ${address}, ${contact.address.country}. E-mail: ${email}. Telephone: ${contact.phone}. ${registrationLine(company)}`;

export const privacyPolicy: LegalDocument = {
  path: '/privacy',
  title: routeTitle('/privacy'),
  lastUpdated,
  intro: `This policy explains what personal data ${brand} collects when you use ${site}, why we use it, who we share it with, how long we keep it and the rights you have under the UK General Data Protection Regulation (UK GDPR) and the Data Protection Act 2018.`,
  sections: [
    {
      id: 'data-controller',
      heading: 'Who is the data controller',
      paragraphs: [
        `${brand} is the data controller for the personal data described in this policy. That means we decide why and how it is used and we are responsible for looking after it.`,
        controllerLine,
        `If you have any question about this policy or about your data, write to us at ${email} or at the address above.`,
      ],
    },
    {
      id: 'data-we-collect',
      heading: 'The personal data we collect',
      paragraphs: [
        'We only collect what we need to run the website and the services you ask for. Depending on how you use the site, that is:',
      ],
      list: [
        `Your account: your e-mail address, your name and, if you sign in with a social provider, the basic profile it shares with us (name, e-mail and profile picture). Your password is stored only as a one-way hash by our sign-in provider; nobody at ${brand} can read it.`,
        'Consultation requests and contact messages: your name, e-mail address, telephone number, organisation and what you tell us about your project.',
        'E-Board submissions: the business or event details, images and contact details you submit for display.',
        'Articles and images you write or upload with the article tools, including drafts.',
        'Posters you create and the number of times their QR codes are scanned (we count scans; we do not identify the people who scan them).',
        'Your subscription status: whether you have premium access and the history of your subscription. Payment card details are entered directly with our payment processor and are never stored by us.',
        'Technical data: the IP address, browser type and pages requested, recorded in our server logs to keep the site secure and working.',
      ],
    },
    {
      id: 'purposes',
      heading: 'Why we use it and our lawful bases',
      paragraphs: ['The UK GDPR requires a lawful basis for each use of personal data. Ours are:'],
      list: [
        'Contract: to create and run your account, publish the content you submit, provide the premium subscription and carry out the consultations and services you ask for.',
        'Legitimate interests: to answer your enquiries, keep the site secure, prevent misuse and improve our services. We weigh these interests against your rights and you may object to them at any time.',
        'Legal obligation: to keep invoices and accounting records as HMRC requires, and to respond to lawful requests from authorities.',
        'Consent: only where we ask for it, for example if we offer to send you news by e-mail. You may withdraw your consent at any time without affecting what we did before.',
      ],
    },
    {
      id: 'sharing',
      heading: 'Who we share it with',
      paragraphs: [
        'We do not sell your personal data or share it for advertising. We use a small number of service providers (processors) who handle data only on our instructions and under a written contract:',
      ],
      list: [
        'Our hosting, database and sign-in provider, which stores your account, your content and the records described above.',
        'Our payment processor, which takes subscription and invoice payments and holds your card details under its own PCI DSS obligations.',
        'Our e-mail delivery provider, which sends account e-mails such as sign-up confirmation and password reset messages.',
      ],
    },
    {
      id: 'international-transfers',
      heading: 'International transfers',
      paragraphs: [
        'Some of our providers store or process data outside the United Kingdom, for example in the European Economic Area or the United States. When they do, we make sure the transfer is protected: by a UK adequacy regulation, or by the International Data Transfer Agreement or the UK Addendum to the EU Standard Contractual Clauses, together with a transfer risk assessment.',
        `You may ask us for a copy of the safeguards that apply by e-mailing ${email}.`,
      ],
    },
    {
      id: 'cookies',
      heading: 'Cookies and local storage',
      paragraphs: [
        'We use only what is strictly necessary for the site to work. We set no advertising, analytics or tracking cookies and we load no third-party trackers.',
        'Because these are strictly necessary for a service you ask for, the Privacy and Electronic Communications Regulations (PECR) do not require your consent to them, which is why the site shows no cookie banner. If we ever add anything that is not strictly necessary, we will ask for your consent first.',
        'What we store in your browser:',
      ],
      list: [
        'Sign-in session: when you sign in, your session (an access token and a refresh token) is kept in your browser’s local storage so that you stay signed in. It is removed when you sign out.',
        'auth_redirect: during a social sign-in, a session-storage key remembers the page to return you to. It is removed as soon as the sign-in completes, and session storage is cleared when you close the tab.',
        'Unsaved work: the article editor and the poster creator keep your latest changes in local storage until our server has saved them.',
        'QR-code scans: a landing page reached from a poster keeps a random visitor number in local storage, so that a second scan by the same phone is not counted as a new visitor.',
      ],
      links: [{ label: 'Everything the site stores, item by item', to: '/cookies' }],
    },
    {
      id: 'retention',
      heading: 'Data retention',
      paragraphs: ['We keep personal data only for as long as we need it, and then delete or anonymise it:'],
      list: [
        'Account data and your content: while your account exists. When you delete your account from your profile, the account, your posters, drafts, pictures and other files are deleted at once and cannot be restored; published articles are deleted too, unless you choose to leave them on the site without your name.',
        'Consultation requests and contact messages: 24 months after our last contact with you.',
        'E-Board submissions: while they are displayed and for 12 months afterwards.',
        'Invoices and accounting records: 6 years from the end of the financial year they relate to, as HMRC requires.',
        'Server logs: 30 days.',
        'QR-scan counts: kept as totals with the poster; they contain no personal data.',
      ],
    },
    {
      id: 'your-rights',
      heading: 'Your rights',
      paragraphs: ['Under the UK GDPR you have the right to:'],
      list: [
        'Access: get a copy of the personal data we hold about you.',
        'Rectification: have inaccurate or incomplete data corrected.',
        'Erasure: have your data deleted where we no longer have a reason to keep it.',
        'Restriction: ask us to limit how we use your data while a question is resolved.',
        'Portability: receive the data you gave us in a machine-readable format, or have it sent to another organisation.',
        'Objection: object to our use of your data based on legitimate interests, and to direct marketing at any time.',
        'Withdraw consent: where we rely on your consent, withdraw it at any time.',
      ],
    },
    {
      id: 'exercising-your-rights',
      heading: 'How to exercise your rights',
      paragraphs: [
        `Signed in, your profile lets you download a copy of your data (a machine-readable JSON file), correct your name and e-mail address, and delete your account, at any time and at once.`,
        `For anything else, e-mail ${email} or write to ${brand}, ${address}. We may ask you to confirm your identity before we act. There is no charge, and we will reply within one month; if a request is complex we may extend that by up to two further months and will tell you why within the first month.`,
      ],
    },
    {
      id: 'complaints',
      heading: 'Complaints to the ICO',
      paragraphs: [
        'We would like the chance to resolve any concern first, so please contact us. You also have the right to complain to the Information Commissioner’s Office (ICO), the UK regulator for data protection: ico.org.uk, telephone 0303 123 1113.',
      ],
      links: [{ label: 'ico.org.uk', to: 'https://ico.org.uk/make-a-complaint/' }],
    },
    {
      id: 'children',
      heading: 'Children',
      paragraphs: [
        'Our services are meant for businesses and adults. We do not knowingly collect personal data from children under 13. If you believe a child has given us personal data, contact us and we will delete it.',
      ],
    },
    {
      id: 'security',
      heading: 'Security',
      paragraphs: [
        'All traffic to the site is encrypted with HTTPS. Passwords are stored only as hashes, access to the database is limited by row-level security so that each account reaches only its own records, and administrator access is restricted to named staff. No system is perfectly secure: if a breach puts your rights at risk, we will tell you and the ICO as the law requires.',
      ],
    },
    {
      id: 'changes',
      heading: 'Changes to this policy',
      paragraphs: [
        'We may update this policy when our services or the law change. The date at the top shows the latest version. If a change affects how we use data you have already given us, we will tell you by e-mail or on the site before it takes effect.',
      ],
    },
    {
      id: 'contact',
      heading: 'Contact us',
      paragraphs: [
        `For anything about your personal data, contact ${brand} at ${address}, by e-mail at ${email} or by telephone on ${contact.phone}.`,
      ],
      links: contactLinks,
    },
  ],
};

export const termsOfService: LegalDocument = {
  path: '/terms',
  title: routeTitle('/terms'),
  lastUpdated,
  intro: `These terms apply when you use ${site} and the services ${brand} offers through it. By using the site or creating an account you agree to them. Please read them together with our Privacy Policy.`,
  sections: [
    {
      id: 'who-we-are',
      heading: 'Who we are',
      paragraphs: [
        `This website is run by ${brand}, a cloud and IT services business based in Caithness, Scotland.`,
        controllerLine,
      ],
    },
    {
      id: 'using-the-website',
      heading: 'Using the website',
      paragraphs: [
        'You may browse the public pages without an account. The information on them is general information about our services; it is not professional advice for your situation, so please speak to us before relying on it.',
        'Some tools (the dashboard, article tools, poster creator and poster analytics) need an account, and some features need a premium subscription.',
      ],
    },
    {
      id: 'accounts',
      heading: 'Your account',
      paragraphs: ['When you create an account you agree to:'],
      list: [
        'give accurate information, including a working e-mail address, and keep it up to date;',
        'keep your password safe, not share it, and tell us at once if you think someone else has used your account;',
        'be at least 18 years old when you open an account for a business, and have the authority to act for that business;',
        'take responsibility for what happens under your account unless it was caused by our failure.',
      ],
    },
    {
      id: 'user-content',
      heading: 'Content you submit',
      paragraphs: [
        'You keep ownership of the articles, E-Board submissions, images and other content you submit. You grant us a non-exclusive, royalty-free licence to store, copy, resize and display that content on the site, on the E-Board screens and in our social media for as long as it is published, so that we can provide the service you asked for.',
        'You confirm that you own the content or have permission to use it, and that it is not unlawful: no defamation, no infringement of copyright or trade marks, no hateful, harassing, obscene or misleading material, and no personal data of others without a lawful basis.',
        'We may review, decline or remove any content that breaks these terms or the law, or that we reasonably believe could harm others, and we will tell you when we do so unless the law prevents us. You can delete your own articles at any time.',
      ],
    },
    {
      id: 'premium-subscription',
      heading: 'Premium subscription',
      paragraphs: [
        'The premium subscription is billed in advance, monthly or yearly as shown when you subscribe, through our payment processor. It renews automatically at the end of each period at the price then shown, unless you cancel. We will give you at least 30 days’ notice of any price change, and you may cancel before it applies.',
        `You can cancel at any time by e-mailing ${email} (or from your profile, where the option is shown); premium access then continues until the end of the period you have paid for and is not renewed.`,
        'If you subscribe as a consumer, you have the right under the Consumer Contracts Regulations 2013 to cancel within 14 days of subscribing and receive a full refund. If you ask to use premium features straight away and then cancel within the 14 days, we may deduct an amount for the days you used.',
      ],
    },
    {
      id: 'consultations-and-quotes',
      heading: 'Consultations and quotes',
      paragraphs: [
        'Prices on the site are “from” prices in pounds sterling (GBP): they show where a service starts, and the price of your project depends on what it needs. A request for a consultation is not a contract.',
        'After a consultation we send a written quote that sets out the work, the price, whether VAT applies and the payment terms. That quote, once you accept it, governs the work, and it takes precedence over these terms where the two differ. We accept payment by cash, card, bank transfer or invoice.',
      ],
    },
    {
      id: 'acceptable-use',
      heading: 'Acceptable use',
      paragraphs: ['You must not:'],
      list: [
        'use the site for anything unlawful, fraudulent or harmful;',
        'try to gain access to accounts, data or systems that are not yours, or to get around our security or the admin-only areas;',
        'upload viruses or other harmful code, or disrupt the site with excessive automated requests;',
        'copy or scrape the site’s content in bulk, or use the QR-code and poster tools to mislead people;',
        'use the AI article generator to produce spam, or content that breaks the rules above.',
      ],
    },
    {
      id: 'intellectual-property',
      heading: 'Intellectual property',
      paragraphs: [
        `The site, its design, text, logos and software belong to ${brand} or its licensors. You may view and print pages for your own use, but you may not copy or reuse them commercially without our written permission. Provider and client names and logos belong to their owners.`,
      ],
    },
    {
      id: 'availability-and-changes',
      heading: 'Availability and changes',
      paragraphs: [
        'We work to keep the site available, but we do not promise that it will always be available or free of errors; we may suspend it for maintenance or security reasons.',
        'We may change the site, our services and these terms. The date at the top shows the latest version of these terms. If a change materially affects your account or subscription we will tell you at least 30 days before it takes effect, and you may close your account or cancel before then.',
      ],
    },
    {
      id: 'liability',
      heading: 'Our liability',
      paragraphs: [
        'Nothing in these terms limits or excludes our liability for death or personal injury caused by our negligence, for fraud or fraudulent misrepresentation, or for anything else that cannot be limited or excluded under UK law, and nothing affects your statutory rights as a consumer.',
        'Subject to that, we are not liable for losses that were not foreseeable when you started using the service. If you use the site for business purposes, we are not liable for loss of profit, business or data, and our total liability to you in connection with the site is limited to the amount you paid us in the 12 months before the claim.',
      ],
    },
    {
      id: 'your-data',
      heading: 'Your personal data',
      paragraphs: [
        'Our Privacy Policy explains how we collect and use personal data, the cookies and local storage we use, how long we keep data and your rights.',
      ],
      links: [{ label: 'Read the Privacy Policy', to: '/privacy' }],
    },
    {
      id: 'governing-law',
      heading: 'Governing law',
      paragraphs: [
        'These terms are governed by the law of Scotland, and the Scottish courts have jurisdiction over any dispute. If you are a consumer living elsewhere in the United Kingdom, you may also bring proceedings in the courts of the part of the UK where you live.',
      ],
    },
    {
      id: 'contact',
      heading: 'Contact us',
      paragraphs: [
        `Questions about these terms? Contact ${brand} at ${address}, by e-mail at ${email} or by telephone on ${contact.phone}.`,
      ],
      links: contactLinks,
    },
  ],
};

/** One thing the site keeps in the browser, as the cookie notice lists it. */
export interface StoredItem {
  /** The key it is stored under. */
  name: string;
  where: 'Local storage' | 'Session storage' | 'Page memory';
  /** Who gets it: every visitor, or only those who use a given part of the site. */
  who: string;
  purpose: string;
  /** How long it stays. */
  lasts: string;
}

/**
 * Everything the site's own code and supabase-js store in the browser (found by reading every use of localStorage,
 * sessionStorage, cookies and IndexedDB). No cookies are set, and nothing is stored in IndexedDB.
 */
export const storedItems: readonly StoredItem[] = [
  {
    name: 'sb-<project>-auth-token',
    where: 'Local storage',
    who: 'Signed-in users',
    purpose:
      'Your sign-in session (an access token and a refresh token), kept by our sign-in provider’s library so that you stay signed in across pages and visits.',
    lasts: 'Until you sign out, or the session expires.',
  },
  {
    name: 'sb-<project>-auth-token-code-verifier',
    where: 'Local storage',
    who: 'Anyone signing in with a social account, confirming an e-mail address or resetting a password',
    purpose:
      'A one-time secret that proves the sign-in link or social sign-in coming back is the one this browser started.',
    lasts: 'Removed as soon as the sign-in completes.',
  },
  {
    name: 'auth_redirect',
    where: 'Session storage',
    who: 'Anyone signing in with a social account',
    purpose: 'The page to return you to after the social sign-in.',
    lasts: 'Removed as soon as the sign-in completes, and cleared when you close the tab.',
  },
  {
    name: 'article-draft:<id> and poster-draft:<id>',
    where: 'Local storage',
    who: 'Signed-in users of the article editor and the poster creator',
    purpose:
      'Your latest unsaved changes, so that nothing is lost if the connection drops before our server saves them.',
    lasts: 'Removed as soon as our server has saved the same changes.',
  },
  {
    name: 'article-draft:<id>:version',
    where: 'Local storage',
    who: 'Signed-in users of the article editor',
    purpose:
      'The version number of the article your unsaved changes were made to, so that changes restored after a reload are never saved over a newer version saved from another browser.',
    lasts: 'Until you clear this site’s data in your browser; it holds only a number.',
  },
  {
    name: 'pentland_visitor',
    where: 'Local storage',
    who: 'Visitors who reach a welcome page by scanning a poster’s QR code',
    purpose:
      'A random number, so that a second scan from the same phone is counted as a returning visitor rather than a new one. Our server keeps it only as a one-way hash combined with the poster, never with your name or account.',
    lasts: 'Until you clear this site’s data in your browser.',
  },
  {
    name: 'The chat conversation',
    where: 'Page memory',
    who: 'Visitors who use the chat',
    purpose:
      'Your questions and our answers, shown on the chat page and sent back with your next question so that the answer fits the conversation.',
    lasts:
      'Only while the page is open: nothing is written to storage, and it is gone when you leave or reload the page.',
  },
];

const storedItemLine = (item: StoredItem) =>
  `${item.name} (${item.where.toLowerCase()}; ${item.who.toLowerCase()}): ${item.purpose} ${item.lasts}`;

const cookiesUpdated = '2026-11-28';

export const cookiePolicy: LegalDocument = {
  path: '/cookies',
  title: routeTitle('/cookies'),
  lastUpdated: cookiesUpdated,
  intro: `This notice lists everything ${site} keeps in your browser, why, and for how long. ${brand} sets no cookies at all, uses no analytics or advertising tools and loads no third-party trackers.`,
  sections: [
    {
      id: 'summary',
      heading: 'In short',
      paragraphs: [
        'The site sets no cookies. A few items are kept in your browser’s local storage or session storage, each only when you use the part of the site that needs it. None of them follows you to other websites.',
        'Our fonts and images are served from our own site, and we embed no social-media widgets, videos or maps from other companies, so visiting a page tells nobody else that you were here.',
      ],
    },
    {
      id: 'what-we-store',
      heading: 'What we store in your browser',
      paragraphs: ['Every item, with who gets it, why and for how long:'],
      list: storedItems.map(storedItemLine),
    },
    {
      id: 'what-we-do-not',
      heading: 'What we do not use',
      paragraphs: ['There is nothing else. In particular the site has:'],
      list: [
        'no cookies, first-party or third-party;',
        'no analytics tools (no Google Analytics, no tracking pixels, no session recording);',
        'no advertising or remarketing tags;',
        'no fingerprinting of your browser or device.',
      ],
    },
    {
      id: 'consent',
      heading: 'Why there is no cookie banner',
      paragraphs: [
        'The Privacy and Electronic Communications Regulations (PECR) ask for consent before a website stores anything that is not needed for a service you asked for. The session, the sign-in secret, auth_redirect, the unsaved drafts and the chat are each needed for something you chose to do, so we do not ask.',
        'The QR visitor number serves the poster owner’s scan counts rather than you. It holds nothing about you, and you can remove it at any time as described below; if you would rather it were never set, open the link on the poster without scanning, or contact us and we will explain the alternatives.',
        'If we ever add anything that is not needed for a service you asked for, we will ask for your consent first and update this notice.',
      ],
    },
    {
      id: 'control',
      heading: 'How to remove what is stored',
      paragraphs: [
        'Signing out removes your session. To remove everything, clear this site’s data in your browser’s settings (often called “site data” or “cookies and site data”); you will then need to sign in again, and any changes the server has not yet saved are lost.',
      ],
    },
    {
      id: 'more',
      heading: 'More about your data',
      paragraphs: [
        `Our Privacy Policy explains what personal data ${brand} collects, why, how long we keep it and your rights. For any question about this notice, contact us at ${address}, by e-mail at ${email} or by telephone on ${contact.phone}.`,
      ],
      links: [{ label: 'Read the Privacy Policy', to: '/privacy' }, ...contactLinks],
    },
  ],
};

export const accessibilityStatement: LegalDocument = {
  path: '/accessibility',
  title: routeTitle('/accessibility'),
  lastUpdated: '2026-11-26',
  intro: `${brand} wants everyone to be able to use ${site}: to read about our services, ask for a consultation, use the chat and use the signed-in tools, whatever device or assistive technology they use. This statement says which standard we work to, how we check it, what we know falls short and how to tell us about a problem.`,
  sections: [
    {
      id: 'standard',
      heading: 'The standard we work to',
      paragraphs: [
        'We build the site to meet the Web Content Accessibility Guidelines (WCAG) version 2.2 at level AA, the standard the UK government and the Equality and Human Rights Commission point to.',
        'The site partly meets it: the public pages and forms meet level AA as far as our tests show, and the exceptions we know of are listed below with what we are doing about them.',
      ],
      list: [
        'Apart from the exceptions below, everything can be used with a keyboard alone, with the focus shown.',
        'Pages reflow to a phone’s width without scrolling sideways, and text can be enlarged.',
        'Text and controls meet the AA colour-contrast ratios.',
        'Forms label every field, say which are required, explain each error in words beside the field and keep what you typed.',
        'Charts in the poster analytics show the same numbers in a table beneath them.',
      ],
    },
    {
      id: 'how-we-test',
      heading: 'How we test',
      paragraphs: ['Accessibility is checked every time the site changes, before it is published:'],
      list: [
        'Every public page is checked with the axe-core accessibility engine in Chromium at a desktop width (1280 px) and a phone width (375 px).',
        'Every component of the site, in each of its states and messages, is checked with axe-core in Chromium, and compared with a reference picture so that a change of colour or layout cannot slip through unnoticed.',
        'Our browser tests walk through the journeys (signing up and in, requesting a consultation, submitting to the E-Board, writing an article) by the roles and accessible names that screen readers use.',
        'The main pages are also audited with Lighthouse’s accessibility checks.',
      ],
    },
    {
      id: 'known-limits',
      heading: 'Known limits',
      paragraphs: ['We know of these problems and are working on them:'],
      list: [
        'Poster creator: moving and resizing a layer on the page needs a mouse or touch drag; fields for position and size and arrow-key moves are being added (WCAG 2.5.7).',
        'There is no “Skip to main content” link yet. Each page has navigation, main and footer landmarks that screen readers can jump between, and the skip link is being added (WCAG 2.4.1).',
        'Posters exported as PDF are pictures of the design and are not tagged for screen readers; the text of each poster is also shown in the poster creator.',
        'Articles, E-Board entries and pictures that people submit are checked by our team, but their wording and picture descriptions are the authors’ own.',
        'Signing in with a social account takes you to that company’s pages, whose accessibility we do not control; signing in with an e-mail address and password is always available.',
      ],
    },
    {
      id: 'report-a-problem',
      heading: 'Tell us about a problem',
      paragraphs: [
        `If something on the site is hard to use, or you need information in another format (large print, plain text, an audio recording or a call with one of our team), e-mail ${email} or telephone ${contact.phone}, Monday to Friday, 09:00 to 17:00. Tell us the page’s address, what you were trying to do and the device and assistive technology you use, if any.`,
        'We will reply within five working days, and tell you when the problem is fixed.',
      ],
      links: contactLinks,
    },
    {
      id: 'enforcement',
      heading: 'If you are not happy with our reply',
      paragraphs: [
        'Under the Equality Act 2010 we must make reasonable adjustments so that disabled people can use our services. If you are not happy with how we respond, the Equality Advisory and Support Service (EASS) gives free advice.',
      ],
      links: [{ label: 'equalityadvisoryservice.com', to: 'https://www.equalityadvisoryservice.com/' }],
    },
    {
      id: 'about-this-statement',
      heading: 'About this statement',
      paragraphs: [
        `This statement was prepared on 26 November 2026 by ${brand} (${address}) from our own testing, and is reviewed whenever the site changes significantly and at least once a year.`,
      ],
    },
  ],
};

export const legalDocuments: Readonly<Record<LegalPath, LegalDocument>> = {
  '/terms': termsOfService,
  '/privacy': privacyPolicy,
  '/cookies': cookiePolicy,
  '/accessibility': accessibilityStatement,
};

export function isLegalPath(path: string): path is LegalPath {
  return (legalPaths as readonly string[]).includes(path);
}

/** The document a legal route shows. */
export function legalDocument(path: LegalPath): LegalDocument {
  return legalDocuments[path];
}

// Made on first use: a page that imports the policies without showing a date (a form's privacy notice) does not pay
// for a formatter (its locale data is loaded on the main thread).
let dateFormat: Intl.DateTimeFormat | undefined;

/** '2026-11-22' → '22 November 2026'. */
export function formatLegalDate(isoDate: string): string {
  dateFormat ??= new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return dateFormat.format(new Date(`${isoDate}T00:00:00Z`));
}
