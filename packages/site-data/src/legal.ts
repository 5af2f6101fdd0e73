import { brand, siteUrl } from './brand.ts';
import { contact, formatAddress, mailtoHref, telHref } from './contact.ts';
import type { NavLink } from './nav.ts';
import { routes } from './routes.ts';

/** The two legal documents the sign-up form links to (spec §2). */
export type LegalPath = '/terms' | '/privacy';

export const legalPaths: readonly LegalPath[] = ['/terms', '/privacy'];

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

const controllerLine = `${brand}, ${address}, ${contact.address.country}. E-mail: ${email}. Telephone: ${contact.phone}.`;

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
      ],
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

export const legalDocuments: Readonly<Record<LegalPath, LegalDocument>> = {
  '/terms': termsOfService,
  '/privacy': privacyPolicy,
};

export function isLegalPath(path: string): path is LegalPath {
  return (legalPaths as readonly string[]).includes(path);
}

/** The document a legal route shows. */
export function legalDocument(path: LegalPath): LegalDocument {
  return legalDocuments[path];
}

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** '2026-11-22' → '22 November 2026'. */
export function formatLegalDate(isoDate: string): string {
  return dateFormat.format(new Date(`${isoDate}T00:00:00Z`));
}
