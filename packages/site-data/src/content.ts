import { brand } from './brand.ts';
import { openingHours, rating, serviceRadius } from './business.ts';
import type { ServiceSlug } from './services.ts';

const consultationRequest = '/consultation-request';

/** The consultation request form, with a service preselected when given (`?service=<slug>`). */
export function consultationRequestPath(service?: ServiceSlug): string {
  return service ? `${consultationRequest}?service=${encodeURIComponent(service)}` : consultationRequest;
}

/** Copy of the home page. */
export const homeContent = {
  eyebrow: 'Thurso, Caithness · Scottish Highlands',
  heading: 'Cloud and IT services for the Highlands and beyond',
  intro: `${brand} designs, builds and looks after the technology that keeps your business running: secure cloud platforms, Dynamics 365, websites, AI and friendly support, from our base in Caithness.`,
  heroImageAlt:
    'The Caithness coast at first light: a lighthouse on the headland, wind turbines on the ridge and sea stacks offshore, under a sky of connected cloud nodes',
  primaryAction: { label: 'Request a consultation', to: consultationRequest },
  secondaryAction: { label: 'Explore our services', to: '/services' },
  servicesHeading: 'What we do',
  servicesIntro:
    'Ten services, one local team. Every price is a starting point: we quote each project in writing.',
  highlightsHeading: `Why businesses choose ${brand}`,
  highlights: [
    {
      title: 'Local Highland presence',
      text: `A Caithness team you can meet in person: on site within ${serviceRadius / 1000} km of Thurso, and across the UK remotely.`,
    },
    {
      title: 'Fast, agreed response times',
      text: `Urgent support calls answered within one business hour, ${openingHours.opens} to ${openingHours.closes} Monday to Friday, with round-the-clock monitoring for managed cloud clients.`,
    },
    {
      title: 'Certified engineers',
      text: 'Microsoft Certified Azure Solutions Architect Expert and Azure Administrator, Dynamics 365 Business Central and Power BI certified consultants, an AWS Certified Solutions Architect, and Cyber Essentials Plus for our own systems.',
    },
    {
      title: 'Clear prices',
      text: 'Every service shows a "from" price in pounds, and every project gets a written quote before work starts.',
    },
  ],
  providersHeading: 'Platforms we work with',
  providersLink: { label: 'What we do with each platform', to: '/providers' },
  testimonialsHeading: 'What our clients say',
  ratingText: `Rated ${rating.value} out of ${rating.best} from ${rating.count} client reviews`,
  testimonialsLink: { label: 'Read our case studies', to: '/clients' },
  articlesHeading: 'Latest articles',
  articlesEmpty: 'Our first articles on cloud, security and technology in the Highlands are on their way.',
  articlesLink: { label: 'All articles', to: '/articles' },
  pricingHeading: 'Clear prices, from the start',
  pricingText:
    'Every service has a published starting price, and every project a written quote. Prices exclude VAT.',
  pricingExamples: [
    'domain-hosting',
    'support-training',
    'web-development',
    'cloud-infrastructure',
  ] as readonly ServiceSlug[],
  pricingLink: { label: 'See all prices', to: '/pricing' },
  closingHeading: 'Ready to talk about your project?',
  closingText:
    'Book a free, no-obligation consultation. We will listen first, then recommend only what you need.',
} as const;

/** The free first consultation: one length, said the same way on every page and in the chat. */
export const freeConsultation = {
  minutes: 60,
  duration: 'an hour',
  length: 'an hour with an engineer',
} as const;

/** The eleventh offering: consultations, described on /services beside the ten services. */
export const consultationOffering = {
  title: 'Consultations',
  summary: `Not sure what you need? Start with a free, no-obligation consultation: ${freeConsultation.length}, in Thurso, on site or by video call.`,
  points: [
    `A free first consultation of up to ${freeConsultation.duration}`,
    'In person in Thurso, at your premises within 50 km, or by video call',
    'A written summary of our recommendations and a quote',
    'Technical reviews, audits and second opinions booked by the day',
  ],
  highlight: 'First consultation free',
  action: { label: 'Request a consultation', to: consultationRequest },
} as const;

/** Copy of the services overview page. */
export const servicesContent = {
  heading: 'Our services',
  intro:
    'From a single domain name to a full cloud migration, pick what you need today and add more as you grow.',
  detailsLabel: (title: string) => `${title}: details and prices`,
  gridHeading: 'Ten services, one local team',
  consultationsHeading: 'And an eleventh: consultations',
  vatNote: 'Prices exclude VAT.',
  closingHeading: 'Not sure where to start?',
  closingText: 'Tell us what you want to achieve and we will put together the right package for you.',
} as const;

/** Copy shared by the service detail pages. */
export const serviceDetailContent = {
  breadcrumbHome: 'Home',
  breadcrumbServices: 'Services',
  aboutHeading: 'About this service',
  idealForLabel: 'Ideal for',
  featuresHeading: "What's included",
  stepsHeading: 'How it works',
  pricesHeading: 'Prices',
  pricesNote: 'Starting prices, excluding VAT. Every project gets a written quote before work starts.',
  faqsHeading: 'Frequently asked questions',
  relatedHeading: 'Related services',
  otherServicesHeading: 'Other services',
  primaryActionLabel: 'Request a consultation',
  secondaryAction: { label: 'See all services', to: '/services' },
  closingHeading: (title: string) => `Talk to us about ${title}`,
  closingText:
    'Book a free consultation: we will ask about your business, answer your questions and follow up with a written quote.',
  packageAction: { label: 'Build a package', to: '/service-packages' },
} as const;
