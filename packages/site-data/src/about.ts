import { brand } from './brand.ts';
import { geo } from './business.ts';
import { company } from './company.ts';
import { contact, formatAddress, mailtoHref } from './contact.ts';
import type { NavLink } from './nav.ts';

/** A qualification or certification, and what it means to a client, in plain words. */
export interface Credential {
  name: string;
  /** Who awards it. */
  issuer: string;
  meaning: string;
}

export interface TeamMember {
  id: string;
  name: string;
  role: string;
  /** Two letters for the initials avatar (no photographs: nothing to license). */
  initials: string;
  bio: string;
  credentials: readonly Credential[];
}

export const team: readonly TeamMember[] = [
  {
    id: 'euan-mackay',
    name: 'Euan Mackay',
    role: 'Founder and managing director',
    initials: 'EM',
    bio: 'Grew up in Thurso and spent twelve years running IT for engineering firms on the North Coast before starting the company in 2019. Leads every cloud project himself.',
    credentials: [
      {
        name: 'Microsoft Certified: Azure Solutions Architect Expert',
        issuer: 'Microsoft',
        meaning:
          'Microsoft’s senior Azure certification: designing cloud systems that stay secure, recoverable and affordable.',
      },
      {
        name: 'PRINCE2 Practitioner',
        issuer: 'PeopleCert (AXELOS)',
        meaning:
          'The UK’s standard project method: a written plan, agreed stages and a clear owner for every decision.',
      },
    ],
  },
  {
    id: 'kirsty-sutherland',
    name: 'Kirsty Sutherland',
    role: 'Dynamics 365 and data lead',
    initials: 'KS',
    bio: 'Spent eight years in finance for a Highland food producer before moving into systems. Sets up Business Central and Sales so they match how a business already works.',
    credentials: [
      {
        name: 'Microsoft Certified: Dynamics 365 Business Central Functional Consultant Associate',
        issuer: 'Microsoft',
        meaning:
          'Proven ability to set up Business Central’s finance, sales, purchasing and stock for a real business.',
      },
      {
        name: 'Microsoft Certified: Power BI Data Analyst Associate',
        issuer: 'Microsoft',
        meaning:
          'Building the Power BI reports owners read: clean data models and dashboards that answer real questions.',
      },
    ],
  },
  {
    id: 'callum-gunn',
    name: 'Callum Gunn',
    role: 'Cloud and security engineer',
    initials: 'CG',
    bio: 'Looks after our clients’ Azure and AWS estates, their backups and their security settings, and runs our own Cyber Essentials Plus assessment every year.',
    credentials: [
      {
        name: 'AWS Certified Solutions Architect – Associate',
        issuer: 'Amazon Web Services',
        meaning:
          'Designing systems on AWS that keep running when a part fails, and cost no more than they need to.',
      },
      {
        name: 'Microsoft Certified: Azure Administrator Associate',
        issuer: 'Microsoft',
        meaning:
          'Day-to-day running of Azure: accounts and access, networks, storage, backups and monitoring.',
      },
      {
        name: 'CompTIA Security+',
        issuer: 'CompTIA',
        meaning:
          'A vendor-neutral grounding in security: threats, access control, encryption and responding to incidents.',
      },
    ],
  },
  {
    id: 'isla-bain',
    name: 'Isla Bain',
    role: 'Web developer and designer',
    initials: 'IB',
    bio: 'Designs and builds our clients’ websites and this one, fast on a rural phone signal and usable by everyone.',
    credentials: [
      {
        name: 'BA (Hons) Interactive Media Design',
        issuer: 'University of the Highlands and Islands',
        meaning: 'A degree in designing websites and apps around the people who use them.',
      },
      {
        name: 'Certified Professional in Accessibility Core Competencies (CPACC)',
        issuer: 'International Association of Accessibility Professionals',
        meaning:
          'Knowing how disabled people use the web and what the accessibility standards and laws ask for.',
      },
    ],
  },
  {
    id: 'ryan-manson',
    name: 'Ryan Manson',
    role: 'Support and training engineer',
    initials: 'RM',
    bio: 'Answers the phone when something breaks, visits offices across Caithness and Sutherland, and runs our Microsoft 365 and staying-safe-online training.',
    credentials: [
      {
        name: 'CompTIA A+',
        issuer: 'CompTIA',
        meaning:
          'The industry’s entry certificate for support engineers: fixing computers, phones, printers and networks.',
      },
      {
        name: 'ITIL 4 Foundation',
        issuer: 'PeopleCert (AXELOS)',
        meaning:
          'Running IT support as a service: logged requests, agreed response times and fixes that stay fixed.',
      },
    ],
  },
  {
    id: 'ailsa-munro',
    name: 'Ailsa Munro',
    role: 'Video and social media producer',
    initials: 'AM',
    bio: 'Films and edits our clients’ videos, from drone footage of the coast to staff interviews, and plans their social media.',
    credentials: [
      {
        name: 'General Visual Line of Sight Certificate (GVC)',
        issuer: 'UK Civil Aviation Authority, through a recognised assessment entity',
        meaning:
          'The CAA-recognised qualification for flying a drone commercially in the Specific category, near people and buildings, within the law.',
      },
    ],
  },
];

/** The company's own certification (not a person's). */
export const companyAccreditations: readonly Credential[] = [
  {
    name: 'Cyber Essentials Plus',
    issuer: 'IASME, for the UK National Cyber Security Centre',
    meaning:
      'The government-backed scheme’s higher level: an independent assessor tests our own systems against common attacks every year.',
  },
];

export const aboutContent = {
  heading: `About ${brand}`,
  intro: `A team of six in Thurso, Caithness, looking after the cloud, software and IT of businesses and charities across the Highlands since ${company.incorporated.slice(0, 4)}.`,
  storyHeading: 'Our story',
  story: [
    `${brand} started in ${company.incorporated.slice(0, 4)} at a kitchen table in Thurso. Euan Mackay had spent twelve years running IT for engineering firms on the North Coast, and kept hearing the same thing from businesses around him: the help they could get was either a national firm that never visited or a one-person shop that could not cover a holiday.`,
    'We set out to be the firm in between: local enough to be at your door the same day in Caithness and Sutherland, and qualified enough to run a Microsoft Azure migration, a Dynamics 365 roll-out or a website that sells rooms on the North Coast 500.',
    'Today six of us work from Pentland Business Park, for hotels, estates, engineering contractors, care providers, schools and community trusts, and for a few clients far beyond the Highlands who found us and stayed.',
  ],
  teamHeading: 'The team',
  teamIntro:
    'Everyone you deal with is one of these six people. Their qualifications are listed with what each one means for you.',
  accreditationsHeading: 'Our own certification',
  howWeWorkHeading: 'How we work',
  howWeWork: [
    {
      title: 'We listen first',
      text: 'Every project starts with a free consultation, in person or by video, to understand how your business works today.',
    },
    {
      title: 'A written, fixed quote',
      text: 'You get the work, the price (excluding VAT), the dates and who does what in writing before anything starts.',
    },
    {
      title: 'One named engineer',
      text: 'The person who plans your project is the person who does it, and the one you call afterwards.',
    },
    {
      title: 'Plain English, written down',
      text: 'We explain choices without jargon and leave you documentation of everything we set up, so you are never locked in.',
    },
  ],
  whereHeading: 'Where we are',
  where: [
    `Our office is at ${formatAddress(contact.address)}, open Monday to Friday, 09:00 to 17:00.`,
    'We visit clients anywhere within 50 km of Thurso, from Wick and John o’ Groats to Tongue and Helmsdale, usually the same or next working day, and support clients across the UK remotely.',
  ],
  whereLinks: [
    { label: 'Contact us', to: '/contact' },
    {
      label: 'Find us on OpenStreetMap',
      to: `https://www.openstreetmap.org/?mlat=${geo.latitude}&mlon=${geo.longitude}#map=15/${geo.latitude}/${geo.longitude}`,
    },
  ] satisfies readonly NavLink[],
  careersHeading: 'Careers',
  careers: [
    'We are not advertising a role just now, but we always want to hear from engineers, developers and apprentices who want a career in technology without leaving the Highlands.',
    `We train every new starter to the certifications above, at our cost and in working hours. Send a short note about yourself and what you would like to do to ${contact.email}.`,
  ],
  careersLink: {
    label: `E-mail ${contact.email} about working with us`,
    to: `${mailtoHref}?subject=Working%20at%20${encodeURIComponent(brand)}`,
  } satisfies NavLink,
} as const;
