/**
 * The package builder's catalogue and price rules. Every amount is an integer number of pence, so sums,
 * quantities and VAT never drift the way binary floating point does (0.1 + 0.2); formatting happens last.
 */
import { formatPenceAsPounds } from './money.ts';
import { serviceBySlug, services, type Service, type ServiceSlug } from './services.ts';

export type Billing = 'monthly' | 'one-off';
export type OptionKey = 'users' | 'devices' | 'hours';

export const billings: readonly Billing[] = ['monthly', 'one-off'];

export interface PackageTier {
  id: string;
  name: string;
  summary: string;
  /** The tier's own price in pence for each billing the service offers. */
  pence: Partial<Record<Billing, number>>;
}

export interface PackageOptionRule {
  /** 'Users', 'Servers', 'Support hours'. */
  label: string;
  /** Singular unit for summaries: 'user', 'server', 'hour'. */
  unit: string;
  /** Quantity the tier price already includes. */
  included: number;
  min: number;
  max: number;
  /** Price of each unit above `included`, in pence, per billing. */
  unitPence: Partial<Record<Billing, number>>;
}

export interface PackageOffer {
  service: ServiceSlug;
  /** Billings in order of preference; the first is the default. */
  billing: readonly Billing[];
  tiers: readonly PackageTier[];
  options: Partial<Record<OptionKey, PackageOptionRule>>;
}

/** UK standard rate of VAT, in percent. */
export const vatRatePercent = 20;

export const optionKeys: readonly OptionKey[] = ['users', 'devices', 'hours'];

const users = (included: number, max: number, monthly: number, oneOff?: number): PackageOptionRule => ({
  label: 'Users',
  unit: 'user',
  included,
  min: 1,
  max,
  unitPence: oneOff === undefined ? { monthly } : { monthly, 'one-off': oneOff },
});
const devices = (
  label: string,
  unit: string,
  included: number,
  max: number,
  unitPence: PackageOptionRule['unitPence'],
) => ({
  label,
  unit,
  included,
  min: 0,
  max,
  unitPence,
});
const hours = (
  included: number,
  max: number,
  unitPence: PackageOptionRule['unitPence'],
): PackageOptionRule => ({
  label: 'Support hours',
  unit: 'hour',
  included,
  min: 0,
  max,
  unitPence,
});

/** What the builder offers for each service. The cheapest tier equals the service's `fromPrice`. */
export const packageOffers: readonly PackageOffer[] = [
  {
    service: 'cloud-infrastructure',
    billing: ['one-off', 'monthly'],
    tiers: [
      {
        id: 'foundation',
        name: 'Foundation',
        summary: 'Migration of up to 2 servers with backup and monitoring',
        pence: { 'one-off': 100000, monthly: 25000 },
      },
      {
        id: 'business',
        name: 'Business',
        summary: 'Landing zone, up to 5 servers, disaster recovery plan',
        pence: { 'one-off': 250000, monthly: 45000 },
      },
      {
        id: 'enterprise',
        name: 'Enterprise',
        summary: 'Multi-region design, up to 15 servers, 24/7 on-call',
        pence: { 'one-off': 600000, monthly: 90000 },
      },
    ],
    options: {
      users: users(10, 500, 500, 1500),
      devices: devices('Servers', 'server', 2, 200, { 'one-off': 15000, monthly: 2500 }),
      hours: hours(0, 200, { 'one-off': 7500, monthly: 7000 }),
    },
  },
  {
    service: 'dynamics-365',
    billing: ['one-off', 'monthly'],
    tiers: [
      {
        id: 'starter',
        name: 'Starter',
        summary: 'Sales or Customer Service for one team',
        pence: { 'one-off': 75000, monthly: 19500 },
      },
      {
        id: 'growth',
        name: 'Growth',
        summary: 'Two apps, data migration and Power Automate flows',
        pence: { 'one-off': 220000, monthly: 39500 },
      },
      {
        id: 'complete',
        name: 'Complete',
        summary: 'Sales, service and Business Central with Power BI',
        pence: { 'one-off': 480000, monthly: 79500 },
      },
    ],
    options: {
      users: users(5, 500, 800, 4500),
      hours: hours(0, 200, { 'one-off': 8500, monthly: 8000 }),
    },
  },
  {
    service: 'web-development',
    billing: ['one-off', 'monthly'],
    tiers: [
      {
        id: 'brochure',
        name: 'Brochure site',
        summary: 'Up to 6 pages, contact form, SEO basics',
        pence: { 'one-off': 49500, monthly: 4500 },
      },
      {
        id: 'business',
        name: 'Business site',
        summary: 'Up to 20 pages, blog, booking or enquiry flows',
        pence: { 'one-off': 149500, monthly: 9500 },
      },
      {
        id: 'application',
        name: 'Web application',
        summary: 'Customer portal or shop with integrations',
        pence: { 'one-off': 450000, monthly: 24500 },
      },
    ],
    options: {
      hours: hours(0, 200, { 'one-off': 6500, monthly: 6000 }),
    },
  },
  {
    service: 'ai-solutions',
    billing: ['one-off', 'monthly'],
    tiers: [
      {
        id: 'workshop',
        name: 'Readiness workshop',
        summary: 'A day with your team and a written plan',
        pence: { 'one-off': 39500, monthly: 9500 },
      },
      {
        id: 'assistant',
        name: 'Document assistant',
        summary: 'A chat assistant trained on your documents',
        pence: { 'one-off': 185000, monthly: 19500 },
      },
      {
        id: 'automation',
        name: 'Process automation',
        summary: 'Invoice, e-mail or form processing end to end',
        pence: { 'one-off': 395000, monthly: 34500 },
      },
    ],
    options: {
      users: users(10, 500, 300, 1000),
      hours: hours(0, 200, { 'one-off': 8500, monthly: 8000 }),
    },
  },
  {
    service: 'domain-hosting',
    billing: ['monthly'],
    tiers: [
      {
        id: 'essential',
        name: 'Essential',
        summary: 'One domain, UK hosting, SSL and daily backups',
        pence: { monthly: 3750 },
      },
      {
        id: 'business',
        name: 'Business',
        summary: 'Three domains, staging site, uptime monitoring',
        pence: { monthly: 7500 },
      },
      {
        id: 'premium',
        name: 'Premium',
        summary: 'Ten domains, dedicated resources, priority support',
        pence: { monthly: 14500 },
      },
    ],
    options: {
      users: { ...users(5, 500, 450), label: 'E-mail mailboxes', unit: 'mailbox' },
    },
  },
  {
    service: 'social-marketing',
    billing: ['monthly'],
    tiers: [
      {
        id: 'presence',
        name: 'Presence',
        summary: 'Two channels, 8 posts a month',
        pence: { monthly: 15000 },
      },
      {
        id: 'growth',
        name: 'Growth',
        summary: 'Three channels, 16 posts and one campaign a month',
        pence: { monthly: 35000 },
      },
      {
        id: 'leader',
        name: 'Leader',
        summary: 'Four channels, 30 posts, ads management',
        pence: { monthly: 65000 },
      },
    ],
    options: {
      hours: hours(0, 100, { monthly: 5500 }),
    },
  },
  {
    service: 'video-services',
    billing: ['one-off'],
    tiers: [
      {
        id: 'short',
        name: 'Short film',
        summary: 'Up to 60 seconds, one filming day',
        pence: { 'one-off': 25000 },
      },
      {
        id: 'promo',
        name: 'Promotional film',
        summary: 'Up to 3 minutes, drone footage, two edits',
        pence: { 'one-off': 95000 },
      },
      {
        id: 'event',
        name: 'Event coverage',
        summary: 'Full-day filming, live stream and highlights',
        pence: { 'one-off': 180000 },
      },
    ],
    options: {
      hours: { ...hours(0, 100, { 'one-off': 6000 }), label: 'Extra editing hours' },
    },
  },
  {
    service: 'project-management',
    billing: ['one-off', 'monthly'],
    tiers: [
      {
        id: 'light',
        name: 'Light touch',
        summary: 'Plan, supplier check-ins and weekly reporting',
        pence: { 'one-off': 45000, monthly: 60000 },
      },
      {
        id: 'managed',
        name: 'Managed',
        summary: 'A project manager two days a week',
        pence: { 'one-off': 240000, monthly: 260000 },
      },
      {
        id: 'full',
        name: 'Full delivery',
        summary: 'Dedicated project manager and risk reporting',
        pence: { 'one-off': 520000, monthly: 480000 },
      },
    ],
    options: {
      hours: { ...hours(0, 200, { 'one-off': 6500, monthly: 6500 }), label: 'Extra consultancy hours' },
    },
  },
  {
    service: 'gaming-setup',
    billing: ['one-off'],
    tiers: [
      {
        id: 'tune-up',
        name: 'Tune-up',
        summary: 'One session tuning a PC, console or network',
        pence: { 'one-off': 7500 },
      },
      {
        id: 'streaming',
        name: 'Streaming rig',
        summary: 'Capture, lighting and streaming software set-up',
        pence: { 'one-off': 35000 },
      },
      {
        id: 'venue',
        name: 'Venue or LAN',
        summary: 'Network and machines for a club or tournament',
        pence: { 'one-off': 120000 },
      },
    ],
    options: {
      devices: devices('Devices', 'device', 1, 100, { 'one-off': 4000 }),
      hours: hours(0, 100, { 'one-off': 5000 }),
    },
  },
  {
    service: 'support-training',
    billing: ['one-off', 'monthly'],
    tiers: [
      {
        id: 'session',
        name: 'Single session',
        summary: 'One hour of remote or on-site help',
        pence: { 'one-off': 4500, monthly: 9000 },
      },
      {
        id: 'team',
        name: 'Team support',
        summary: 'Help desk for a small team, next-day on site',
        pence: { 'one-off': 29500, monthly: 29500 },
      },
      {
        id: 'managed',
        name: 'Managed IT',
        summary: 'Same-day on site, patching, Cyber Essentials',
        pence: { 'one-off': 89500, monthly: 69500 },
      },
    ],
    options: {
      users: users(5, 500, 1200, 2000),
      devices: devices('Devices', 'device', 5, 500, { 'one-off': 2500, monthly: 600 }),
      hours: hours(0, 200, { 'one-off': 4500, monthly: 4000 }),
    },
  },
];

export function offerFor(service: string): PackageOffer | undefined {
  return packageOffers.find((o) => o.service === service);
}

export interface PackageItem {
  service: ServiceSlug;
  tier: string;
  billing: Billing;
  users?: number;
  devices?: number;
  hours?: number;
}

/** A new item for a service: its first tier, its default billing, each option at its included quantity. */
export function defaultItem(service: ServiceSlug): PackageItem {
  const offer = offerFor(service);
  if (!offer) throw new Error(`No package offer for ${service}`);
  const item: PackageItem = { service, tier: offer.tiers[0]!.id, billing: offer.billing[0]! };
  for (const key of optionKeys) {
    const rule = offer.options[key];
    if (rule) item[key] = Math.max(rule.min, rule.included);
  }
  return item;
}

export interface PricedLine {
  item: PackageItem;
  service: Service;
  tier: PackageTier;
  /** Net price of the line in pence (tier + extra units), before VAT. */
  netPence: number;
  /** The parts that make up netPence, for display. */
  parts: { label: string; pence: number }[];
}

export interface BillingTotal {
  netPence: number;
  vatPence: number;
  grossPence: number;
}

export interface PricedPackage {
  lines: PricedLine[];
  monthly: BillingTotal;
  oneOff: BillingTotal;
}

/** VAT on a net amount, rounded half up to the penny (integer arithmetic only). */
export function vatOn(netPence: number): number {
  return Math.floor((netPence * vatRatePercent + 50) / 100);
}

function total(netPence: number): BillingTotal {
  const vatPence = vatOn(netPence);
  return { netPence, vatPence, grossPence: netPence + vatPence };
}

/** Prices one valid item (run `normaliseItems`/`decodePackage` first for input from outside). */
export function priceItem(item: PackageItem): PricedLine {
  const offer = offerFor(item.service);
  const service = serviceBySlug(item.service);
  const tier = offer?.tiers.find((t) => t.id === item.tier);
  const base = tier?.pence[item.billing];
  if (!offer || !service || !tier || base === undefined)
    throw new Error(`Not a valid package item: ${JSON.stringify(item)}`);
  const parts = [
    { label: `${tier.name} (${item.billing === 'monthly' ? 'per month' : 'one-off'})`, pence: base },
  ];
  for (const key of optionKeys) {
    const rule = offer.options[key];
    if (!rule) continue;
    const extra = Math.max(0, (item[key] ?? rule.included) - rule.included);
    const unit = rule.unitPence[item.billing] ?? 0;
    if (extra > 0 && unit > 0)
      parts.push({ label: `${extra} extra ${plural(rule.unit, extra)}`, pence: extra * unit });
  }
  return { item, service, tier, netPence: parts.reduce((sum, p) => sum + p.pence, 0), parts };
}

export function pricePackage(items: readonly PackageItem[]): PricedPackage {
  const lines = items.map(priceItem);
  const sum = (b: Billing) => lines.filter((l) => l.item.billing === b).reduce((s, l) => s + l.netPence, 0);
  return { lines, monthly: total(sum('monthly')), oneOff: total(sum('one-off')) };
}

/** 3750 → '£37.50', 100000 → '£1,000.00'. */
export function formatPence(pence: number): string {
  if (!Number.isSafeInteger(pence)) throw new RangeError(`Pence must be an integer, got ${pence}`);
  return formatPenceAsPounds(pence);
}

export function plural(unit: string, n: number): string {
  if (n === 1) return unit;
  return unit.endsWith('x') ? `${unit}es` : `${unit}s`;
}

/** 'Cloud Infrastructure — Business, monthly, 25 users, 4 servers: £587.50 + VAT'. */
export function describeLine(line: PricedLine): string {
  const offer = offerFor(line.item.service)!;
  const bits = [line.tier.name, line.item.billing === 'monthly' ? 'monthly' : 'one-off'];
  for (const key of optionKeys) {
    const rule = offer.options[key];
    const n = line.item[key];
    if (rule && n !== undefined) bits.push(`${n} ${plural(rule.unit, n)}`);
  }
  return `${line.service.title} — ${bits.join(', ')}: ${formatPence(line.netPence)} + VAT`;
}

// ---------------------------------------------------------------- the selection in the URL

/** The query parameter holding the package: `?package=cloud-infrastructure.business.m.u25.d4.h10~domain-hosting.essential.m`. */
export const packageParam = 'package';
const maxEncodedLength = 600;
const billingCode: Record<Billing, string> = { monthly: 'm', 'one-off': 'o' };
const optionCode: Record<OptionKey, string> = { users: 'u', devices: 'd', hours: 'h' };

/** Compact and URL-safe (only letters, digits, '-', '.', '~'), so a link survives copying unescaped. */
export function encodePackage(items: readonly PackageItem[]): string {
  return items
    .map((item) => {
      const parts = [item.service, item.tier, billingCode[item.billing]];
      for (const key of optionKeys) if (item[key] !== undefined) parts.push(`${optionCode[key]}${item[key]}`);
      return parts.join('.');
    })
    .join('~');
}

export interface DecodedPackage {
  items: PackageItem[];
  /** What was wrong and how it was corrected; empty when the link was valid. */
  problems: string[];
}

/**
 * Reads a package from the URL. Never throws: anything unknown, duplicated, negative or absurd is dropped or
 * brought back to a valid value, and each correction is reported in words a visitor understands.
 */
export function decodePackage(raw: string | null | undefined): DecodedPackage {
  const problems: string[] = [];
  if (raw === null || raw === undefined || raw === '') return { items: [], problems };
  if (raw.length > maxEncodedLength)
    return { items: [], problems: ['The package in the link was too long and has been cleared.'] };
  const items: PackageItem[] = [];
  for (const chunk of raw.split('~')) {
    if (chunk === '') continue;
    const [slug = '', tierId = '', billingRaw = '', ...optionParts] = chunk.split('.');
    const offer = offerFor(slug);
    const service = serviceBySlug(slug);
    if (!offer || !service) {
      problems.push(`'${clip(slug)}' is not one of our services, so it was removed.`);
      continue;
    }
    if (items.some((i) => i.service === offer.service)) {
      problems.push(`${service.title} appeared more than once; the first choice was kept.`);
      continue;
    }
    const item = defaultItem(offer.service);
    const tier = offer.tiers.find((t) => t.id === tierId);
    if (tier) item.tier = tier.id;
    else
      problems.push(
        `${service.title}: unknown tier '${clip(tierId)}', so ${offer.tiers[0]!.name} was chosen.`,
      );
    const billing = (Object.keys(billingCode) as Billing[]).find((b) => billingCode[b] === billingRaw);
    if (billing && offer.billing.includes(billing)) item.billing = billing;
    else problems.push(`${service.title}: that billing is not offered, so ${offer.billing[0]} was chosen.`);
    for (const part of optionParts) {
      const key = optionKeys.find((k) => optionCode[k] === part[0]);
      const rule = key ? offer.options[key] : undefined;
      if (!key || !rule) {
        problems.push(`${service.title}: the option '${clip(part)}' does not apply and was ignored.`);
        continue;
      }
      const text = part.slice(1);
      const n = /^\d{1,6}$/.test(text) ? Number(text) : Number.NaN;
      if (Number.isInteger(n) && n >= rule.min && n <= rule.max) {
        item[key] = n;
      } else {
        const fallback = Math.max(rule.min, rule.included);
        item[key] = fallback;
        problems.push(
          `${service.title}: ${rule.label.toLowerCase()} must be a whole number from ${rule.min} to ${rule.max}, so it was set to ${fallback}.`,
        );
      }
    }
    items.push(item);
  }
  return { items, problems };
}

/** The same rules as `decodePackage`, for an item list built in code (the builder's own state). */
export function normaliseItems(items: readonly PackageItem[]): DecodedPackage {
  return decodePackage(encodePackage(items));
}

function clip(s: string): string {
  const clean = s.replace(/[^\w\- ]/g, '');
  return clean.length > 30 ? `${clean.slice(0, 30)}…` : clean;
}

/** Services the builder offers, in the site's order. */
export const packageServices: readonly Service[] = services.filter((s) => offerFor(s.slug));
