import { rating } from './business.ts';
import type { ServiceSlug } from './services.ts';

/** A sector the company serves. */
export interface Sector {
  name: string;
  text: string;
}

/** A measured outcome: the number first, then what it counts. */
export interface Figure {
  value: string;
  label: string;
}

/** A project told as problem, solution and result. Clients are described, not named, as they asked. */
export interface CaseStudy {
  id: string;
  title: string;
  client: string;
  sector: string;
  /** The client's town. */
  town: string;
  problem: string;
  solution: string;
  result: string;
  /** The results measured, with numbers. */
  figures: readonly Figure[];
  /** What the client said, and who said it (role and organisation). */
  quote: { text: string; name: string; role: string; organisation: string };
  services: readonly ServiceSlug[];
}

/** A client's words, with a 1–5 rating. */
export interface Testimonial {
  quote: string;
  name: string;
  role: string;
  /** The organisation, described as the client asked, with its town. */
  organisation: string;
  /** Role and organisation on one line. */
  position: string;
  rating: number;
}

const testimonial = (t: Omit<Testimonial, 'position'>): Testimonial => ({
  ...t,
  position: `${t.role}, ${t.organisation}`,
});

export const sectors: readonly Sector[] = [
  {
    name: 'Tourism and hospitality',
    text: 'Hotels, guest houses and attractions on the North Coast 500, with booking sites, guest Wi-Fi and films that sell the view.',
  },
  {
    name: 'Energy and engineering',
    text: 'Contractors in decommissioning and renewables who need secure cloud systems, remote access and strict document control.',
  },
  {
    name: 'Food, farming and fishing',
    text: 'Estates, producers and harbour businesses moving orders, stock and compliance records out of paper and spreadsheets.',
  },
  {
    name: 'Public sector and charities',
    text: 'Community trusts, schools and charities that need good value, accessibility and data protection done properly.',
  },
  {
    name: 'Retail and trades',
    text: 'Shops and trades with online ordering, stock systems and social media that bring in local customers.',
  },
  {
    name: 'Health and care',
    text: 'Care providers and practices needing reliable, secure IT support and Cyber Essentials for their contracts.',
  },
];

export const caseStudies: readonly CaseStudy[] = [
  {
    id: 'hotel-bookings',
    title: 'Direct bookings for a coastal hotel',
    client: 'A family-run hotel on the North Coast 500',
    sector: 'Tourism and hospitality',
    town: 'Durness',
    problem:
      'Most bookings came through agents charging up to 18% commission, and the old website was slow on phones.',
    solution:
      'A new prerendered website with an integrated booking engine, a drone film of the coastline and a seasonal social campaign.',
    result:
      'Direct bookings rose from 22% to 41% of rooms in the first season, and the site loads in under two seconds on a phone.',
    figures: [
      { value: '22% → 41%', label: 'rooms booked direct, first season' },
      { value: '1.8 s', label: 'page load on a 4G phone, from 6.5 s' },
      { value: '£14,200', label: 'agent commission saved in the first year' },
    ],
    quote: {
      text: 'The website paid for itself before the end of the first summer, and now guests find us rather than the agents.',
      name: 'Alasdair R.',
      role: 'Owner',
      organisation: 'a family-run hotel, Durness',
    },
    services: ['web-development', 'video-services', 'social-marketing'],
  },
  {
    id: 'engineering-cloud',
    title: 'Cloud migration for an engineering contractor',
    client: 'An engineering contractor in Caithness with 60 staff',
    sector: 'Energy and engineering',
    town: 'Thurso',
    problem:
      'Ageing servers, a VPN that failed when staff worked from site, and no tested disaster recovery.',
    solution:
      'A migration to Microsoft Azure with Azure Virtual Desktop, conditional access and tested backups in a second UK region.',
    result:
      'No unplanned downtime in the 18 months since, site staff reach their files from anywhere, and recovery is tested every quarter.',
    figures: [
      { value: '0 hours', label: 'unplanned downtime in 18 months' },
      { value: '60', label: 'staff moved over one weekend' },
      { value: '4 hours', label: 'to restore everything in the last quarterly recovery test' },
    ],
    quote: {
      text: 'Our people on site reach their drawings as if they were in the office, and we have not lost a working hour since.',
      name: 'Fiona M.',
      role: 'Operations manager',
      organisation: 'an engineering contractor, Thurso',
    },
    services: ['cloud-infrastructure', 'project-management', 'support-training'],
  },
  {
    id: 'estate-crm',
    title: 'One system for a Highland estate',
    client: 'A Sutherland estate with lettings, events and a farm shop',
    sector: 'Food, farming and fishing',
    town: 'Helmsdale',
    problem:
      'Enquiries, bookings and invoices lived in three spreadsheets and two inboxes, and things were missed.',
    solution:
      'Dynamics 365 Sales and Business Central, with web enquiry forms flowing straight in and Power BI reports for the owners.',
    result:
      'Every enquiry is answered within a day, month-end takes two days instead of six, and the owners see bookings at a glance.',
    figures: [
      { value: '100%', label: 'of enquiries answered within one working day' },
      { value: '6 → 2 days', label: 'to close the books each month' },
      { value: '3', label: 'spreadsheets and 2 inboxes replaced by one system' },
    ],
    quote: {
      text: 'For the first time we can see every booking, every enquiry and the farm shop’s takings in one place.',
      name: 'Catriona G.',
      role: 'Estate manager',
      organisation: 'a Sutherland estate near Helmsdale',
    },
    services: ['dynamics-365', 'ai-solutions'],
  },
];

export const testimonials: readonly Testimonial[] = [
  testimonial({
    quote:
      'They moved our whole office to the cloud over a weekend. On Monday everything just worked, and it still does.',
    name: 'Fiona M.',
    role: 'Operations manager',
    organisation: 'engineering contractor, Thurso',
    rating: 5,
  }),
  testimonial({
    quote:
      'Our new website paid for itself in one season. The team explained everything in plain English and never rushed us.',
    name: 'Alasdair R.',
    role: 'Owner',
    organisation: 'hotel on the North Coast 500',
    rating: 5,
  }),
  testimonial({
    quote:
      'Local, quick and genuinely helpful. When the server failed on a Friday afternoon they had us back up before closing.',
    name: 'Morag S.',
    role: 'Practice manager',
    organisation: 'dental practice, Wick',
    rating: 5,
  }),
];

/** Copy of /clients and the rating summary used across the site. */
export const clientsContent = {
  heading: 'Our clients',
  intro:
    'From hotels on the North Coast 500 to engineering firms and community trusts, we look after organisations across Caithness, Sutherland and the wider Highlands.',
  sectorsHeading: 'Sectors we serve',
  caseStudiesHeading: 'Case studies',
  problemLabel: 'The problem',
  solutionLabel: 'What we did',
  resultLabel: 'The result',
  testimonialsHeading: 'What our clients say',
  ratingText: `Rated ${rating.value} out of ${rating.best} from ${rating.count} client reviews`,
  /** Where the ratings come from, said wherever the rating is shown. */
  ratingSource: `The ${rating.count} ratings are every answer to the one-to-five question in the short survey we e-mail to each client when a project or support year ends, from 2020 to November 2026; none was left out.`,
  resultsLabel: 'Measured results',
  townLabel: (c: Pick<CaseStudy, 'sector' | 'town'>) => `${c.sector} · ${c.town}`,
} as const;
