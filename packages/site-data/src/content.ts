import { brand } from './brand.js';
import { openingHours, rating } from './business.js';

/** Copy of the home page. */
export const homeContent = {
  eyebrow: 'Thurso, Caithness · Scottish Highlands',
  heading: 'Cloud and IT services for the Highlands and beyond',
  intro: `${brand} designs, builds and looks after the technology that keeps your business running: secure cloud platforms, Dynamics 365, websites, AI and friendly support, from our base in Caithness.`,
  primaryAction: { label: 'Request a consultation', to: '/consultation-request' },
  secondaryAction: { label: 'Explore our services', to: '/services' },
  servicesHeading: 'What we do',
  servicesIntro:
    'Ten services, one local team. Every price is a starting point: we quote each project in writing.',
  highlightsHeading: `Why businesses choose ${brand}`,
  highlights: [
    {
      title: 'Local and accountable',
      text: 'A Caithness team you can meet in person, serving businesses within 50 km of Thurso on site and the rest of the UK remotely.',
    },
    {
      title: `Rated ${rating.value} out of ${rating.best}`,
      text: `An average of ${rating.value} from ${rating.count} client ratings, earned one project at a time.`,
    },
    {
      title: 'Clear prices',
      text: 'Every service shows a "from" price in pounds, and every project gets a written quote before work starts.',
    },
    {
      title: 'Here when you need us',
      text: `Open Monday to Friday, ${openingHours.opens} to ${openingHours.closes}, with round-the-clock monitoring for managed cloud clients.`,
    },
  ],
  closingHeading: 'Ready to talk about your project?',
  closingText:
    'Book a free, no-obligation consultation. We will listen first, then recommend only what you need.',
} as const;

/** Copy of the services overview page. */
export const servicesContent = {
  heading: 'Our services',
  intro:
    'From a single domain name to a full cloud migration, pick what you need today and add more as you grow.',
  detailsLabel: (title: string) => `${title}: details and prices`,
  closingHeading: 'Not sure where to start?',
  closingText: 'Tell us what you want to achieve and we will put together the right package for you.',
} as const;

/** Copy shared by the service detail pages. */
export const serviceDetailContent = {
  featuresHeading: "What's included",
  otherServicesHeading: 'Other services',
  primaryAction: { label: 'Request a consultation', to: '/consultation-request' },
  secondaryAction: { label: 'See all services', to: '/services' },
} as const;
