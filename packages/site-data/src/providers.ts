import type { ServiceSlug } from './services.ts';

/** A technology platform the company builds on, with what it does with it. Names only: no third-party marks. */
export interface Provider {
  id: string;
  name: string;
  /** The short form on the badge (a typographic mark, not a logo). */
  badge: string;
  /** What kind of platform it is. */
  category: string;
  /** What the company does with it, in one or two sentences. */
  whatWeDo: string;
  /** The services it is part of. */
  services: readonly ServiceSlug[];
}

export const providers: readonly Provider[] = [
  {
    id: 'azure',
    name: 'Microsoft Azure',
    badge: 'Az',
    category: 'Cloud platform',
    whatWeDo:
      'Landing zones, server migrations, Azure Virtual Desktop and backup in the UK South and UK West regions, managed around the clock.',
    services: ['cloud-infrastructure', 'ai-solutions'],
  },
  {
    id: 'dynamics-365',
    name: 'Microsoft Dynamics 365',
    badge: 'D365',
    category: 'Business applications',
    whatWeDo:
      'Sales, Customer Service and Business Central implementations, with Power Automate workflows and Power BI reporting.',
    services: ['dynamics-365'],
  },
  {
    id: 'microsoft-365',
    name: 'Microsoft 365',
    badge: 'M365',
    category: 'Productivity and e-mail',
    whatWeDo:
      'Business e-mail, Teams and SharePoint set up securely, with multi-factor sign-in, device management and staff training.',
    services: ['support-training', 'domain-hosting'],
  },
  {
    id: 'aws',
    name: 'Amazon Web Services',
    badge: 'AWS',
    category: 'Cloud platform',
    whatWeDo:
      'Workloads in the London region designed to the Well-Architected Framework, with cost reviews that keep the bill in check.',
    services: ['cloud-infrastructure'],
  },
  {
    id: 'google-cloud',
    name: 'Google Cloud and Workspace',
    badge: 'GC',
    category: 'Cloud platform and e-mail',
    whatWeDo:
      'Google Workspace mailboxes and migrations, and data and AI services on Google Cloud where they suit a project best.',
    services: ['domain-hosting', 'ai-solutions'],
  },
  {
    id: 'cloudflare',
    name: 'Cloudflare',
    badge: 'CF',
    category: 'DNS, security and delivery',
    whatWeDo:
      'DNS, TLS certificates, a web application firewall and a global cache in front of the websites we build and host.',
    services: ['web-development', 'domain-hosting'],
  },
];

/** Copy of /providers. */
export const providersContent = {
  heading: 'Technology providers',
  intro:
    'We build on the platforms that large organisations trust, and make them work for Highland businesses. Here is what we do with each of them.',
  servicesLabel: 'Part of',
  independence:
    'We are independent: we recommend the platform that suits your business and budget, and our quotes show licence costs separately from our fees.',
  stripHeading: 'Platforms we work with',
} as const;
