import { formatPenceAsPounds } from './money.ts';

export type ServiceSlug =
  | 'cloud-infrastructure'
  | 'dynamics-365'
  | 'web-development'
  | 'ai-solutions'
  | 'domain-hosting'
  | 'social-marketing'
  | 'video-services'
  | 'project-management'
  | 'gaming-setup'
  | 'support-training';

export type PriceUnit = 'month' | 'project' | 'session';

export interface Service {
  slug: ServiceSlug;
  title: string;
  /** One sentence for cards and the meta description. */
  summary: string;
  features: readonly string[];
  /** The lowest price a customer pays, in GBP. */
  fromPrice: number;
  priceUnit: PriceUnit;
}

export const currency = 'GBP' as const;

export const services: readonly Service[] = [
  {
    slug: 'cloud-infrastructure',
    title: 'Cloud Infrastructure',
    summary:
      'Design, migration and round-the-clock management of secure Azure and AWS infrastructure that grows with you.',
    features: [
      'Cloud readiness assessment and migration plan',
      'Azure and AWS landing zones built to best practice',
      'Backup, disaster recovery and 24/7 monitoring',
      'Cost reviews that keep the monthly bill in check',
    ],
    fromPrice: 1000,
    priceUnit: 'project',
  },
  {
    slug: 'dynamics-365',
    title: 'Dynamics 365',
    summary:
      'Microsoft Dynamics 365 implementation, customisation and training for sales, service and finance teams.',
    features: [
      'Sales, Customer Service and Business Central roll-outs',
      'Data migration from spreadsheets and legacy CRMs',
      'Power Automate workflows and Power BI reporting',
      'Hands-on training for every team',
    ],
    fromPrice: 750,
    priceUnit: 'project',
  },
  {
    slug: 'web-development',
    title: 'Web Development',
    summary:
      'Fast, accessible websites and web applications, built to rank well and convert visitors into customers.',
    features: [
      'Responsive design that works on every device',
      'Search-engine optimisation from the first line of code',
      'Online booking, shop and customer portal integrations',
      'Accessibility to WCAG 2.2 AA',
    ],
    fromPrice: 495,
    priceUnit: 'project',
  },
  {
    slug: 'ai-solutions',
    title: 'AI Solutions',
    summary:
      'Practical AI for small and medium businesses: assistants, document automation and insight from your own data.',
    features: [
      'AI readiness workshop for your team',
      'Chat assistants trained on your own documents',
      'Invoice, e-mail and form processing automation',
      'Responsible-AI and data-protection review',
    ],
    fromPrice: 395,
    priceUnit: 'project',
  },
  {
    slug: 'domain-hosting',
    title: 'Domain & Hosting',
    summary:
      'Domain registration, UK-hosted websites and business e-mail, looked after so you never have to think about it.',
    features: [
      'Domain registration and DNS management',
      'UK data-centre hosting with daily backups',
      'Free SSL certificates and uptime monitoring',
      'Microsoft 365 and Google Workspace e-mail set-up',
    ],
    fromPrice: 37.5,
    priceUnit: 'month',
  },
  {
    slug: 'social-marketing',
    title: 'Social Marketing',
    summary:
      'Social media strategy, content and advertising that puts your business in front of the right local audience.',
    features: [
      'Channel strategy and monthly content calendar',
      'Post design, copywriting and scheduling',
      'Targeted advertising campaigns',
      'Monthly reporting in plain English',
    ],
    fromPrice: 150,
    priceUnit: 'month',
  },
  {
    slug: 'video-services',
    title: 'Video Services',
    summary:
      'Promotional films, event coverage and drone footage of the Highlands, edited for web and social media.',
    features: [
      'Promotional and explainer videos',
      'Event filming and live streaming',
      'Licensed drone photography and footage',
      'Edits sized for every social platform',
    ],
    fromPrice: 250,
    priceUnit: 'project',
  },
  {
    slug: 'project-management',
    title: 'Project Management',
    summary:
      'Experienced IT project managers who take your technology project from plan to delivery on time and on budget.',
    features: [
      'Scoping, planning and supplier management',
      'Agile and PRINCE2 delivery',
      'Risk, budget and progress reporting',
      'Hand-over and post-project review',
    ],
    fromPrice: 450,
    priceUnit: 'project',
  },
  {
    slug: 'gaming-setup',
    title: 'Gaming Setup',
    summary:
      'Gaming PCs, consoles, networks and streaming rigs built and tuned for players, clubs and venues.',
    features: [
      'Custom gaming PC builds and upgrades',
      'Low-latency home and venue networks',
      'Streaming and capture set-ups',
      'Tournament and LAN event support',
    ],
    fromPrice: 75,
    priceUnit: 'session',
  },
  {
    slug: 'support-training',
    title: 'Support & Training',
    summary:
      'Friendly IT support and training for your team, on site in Caithness and Sutherland or remotely anywhere.',
    features: [
      'Help desk by phone, e-mail and remote session',
      'On-site visits across Caithness and Sutherland',
      'Cyber Essentials preparation',
      'Staff training on Microsoft 365 and security',
    ],
    fromPrice: 45,
    priceUnit: 'session',
  },
];

export function serviceBySlug(slug: string): Service | undefined {
  return services.find((s) => s.slug === slug);
}

export function servicePath(service: Pick<Service, 'slug'>): `/services/${ServiceSlug}` {
  return `/services/${service.slug}`;
}

/** £37.50, £1,000 — pence only when there are some. */
export function formatPrice(amount: number): string {
  const text = formatPenceAsPounds(Math.round(amount * 100));
  return Number.isInteger(amount) ? text.replace(/\.00$/, '') : text;
}

const unitLabel: Record<PriceUnit, string> = {
  month: 'per month',
  project: 'per project',
  session: 'per session',
};

/** The "from" price in two parts, for layouts that set the amount apart: 'From £37.50' and 'per month'. */
export function fromPriceParts(service: Pick<Service, 'fromPrice' | 'priceUnit'>): {
  price: string;
  per: string;
} {
  return { price: `From ${formatPrice(service.fromPrice)}`, per: unitLabel[service.priceUnit] };
}

/** 'From £37.50 per month'. */
export function formatFromPrice(service: Pick<Service, 'fromPrice' | 'priceUnit'>): string {
  const { price, per } = fromPriceParts(service);
  return `${price} ${per}`;
}

/** The lowest and highest "from" prices; the top of the range is open-ended. */
export function priceBounds(list: readonly Pick<Service, 'fromPrice'>[] = services): {
  min: number;
  max: number;
} {
  const prices = list.map((s) => s.fromPrice);
  return { min: Math.min(...prices), max: Math.max(...prices) };
}

/** '£37.50 - £1000+', the structured-data price range derived from the services. */
export function priceRange(list: readonly Pick<Service, 'fromPrice'>[] = services): string {
  const { min, max } = priceBounds(list);
  const plain = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2));
  return `£${plain(min)} - £${plain(max)}+`;
}
