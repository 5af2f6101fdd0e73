import {
  brand,
  consultationOffering,
  consultationRequestPath,
  contact,
  formatAddress,
  formatFromPrice,
  openingHours,
  paymentMethods,
  providers,
  rating,
  serviceDetails,
  servicePath,
  servicePrices,
  services,
  serviceRadius,
  type ServiceSlug,
} from '@pentland/site-data';

/** Where a passage comes from on the site, offered to the visitor as a link. */
export interface SourceLink {
  label: string;
  to: string;
}

/** One piece of the site's content the chat answers from. */
export interface Passage {
  id: string;
  title: string;
  text: string;
  /** Words visitors use for this topic that the text itself may not contain. */
  keywords: string;
  link: SourceLink;
}

// The words visitors use for each service that its own copy may not contain.
const serviceWords: Record<ServiceSlug, string> = {
  'cloud-infrastructure': 'cloud migration servers server azure aws backup disaster recovery move',
  'dynamics-365': 'crm erp sales finance accounts business central microsoft',
  'web-development': 'website websites site design redesign seo online shop booking',
  'ai-solutions': 'ai artificial intelligence chatbot assistant automation machine learning',
  'domain-hosting': 'hosting host web hosting website hosting domain domains email mailbox ssl dns',
  'social-marketing': 'social media facebook instagram linkedin marketing advertising ads',
  'video-services': 'video film filming drone footage promotional live stream',
  'project-management': 'project manager management prince2 agile delivery',
  'gaming-setup': 'gaming games gamer pc console streaming lag esports lan',
  'support-training': 'support help desk helpdesk it support training cyber essentials repair fix',
};

const priceWords = 'price prices cost costs how much pay fee fees quote cheap expensive pound pounds £';

/** Every passage, built from site-data: a content change reaches the chat without touching it. */
export function knowledgePassages(): Passage[] {
  const passages: Passage[] = [];
  for (const service of services) {
    const detail = serviceDetails[service.slug];
    const link = { label: service.title, to: servicePath(service) };
    passages.push({
      id: `service:${service.slug}`,
      title: service.title,
      text: `${service.title}: ${service.summary} It includes: ${service.features.join('; ')}. ${detail.idealFor}`,
      keywords: `${serviceWords[service.slug]} service`,
      link,
    });
    const prices = servicePrices(service.slug)
      .map((p) => `${p.name} ${p.price.toLowerCase()} ${p.terms} (${p.summary.toLowerCase()})`)
      .join('; ');
    passages.push({
      id: `prices:${service.slug}`,
      title: `${service.title} prices`,
      text: `${service.title} starts ${formatFromPrice(service).toLowerCase()}. Price points: ${prices}. Prices exclude VAT, and every project gets a written quote.`,
      keywords: `${serviceWords[service.slug]} ${priceWords}`,
      link,
    });
    detail.faqs.forEach((faq, i) => {
      passages.push({
        id: `faq:${service.slug}:${i}`,
        title: faq.question,
        text: faq.answer,
        keywords: `${service.title} question`,
        link,
      });
    });
  }
  const days = `${openingHours.days[0]} to ${openingHours.days.at(-1)}`;
  passages.push(
    {
      id: 'hours',
      title: 'Opening hours',
      text: `We are open ${days}, ${openingHours.opens} to ${openingHours.closes} (UK time), and closed at weekends and on public holidays. Managed cloud clients are monitored around the clock.`,
      keywords:
        'opening hours open times time when closed close weekend saturday sunday today available office hours',
      link: { label: 'Contact us', to: '/contact' },
    },
    {
      id: 'location',
      title: 'Where we are',
      text: `${brand} is based at ${formatAddress()}. We work on site within ${serviceRadius / 1000} km of Thurso, across Caithness and Sutherland, and remotely anywhere in the UK.`,
      keywords:
        'where location located address office visit find based area cover travel caithness highlands thurso wick sutherland',
      link: { label: 'Contact us', to: '/contact' },
    },
    {
      id: 'contact',
      title: 'Contact details',
      text: `Call us on ${contact.phone} or e-mail ${contact.email}. We answer ${days}, ${openingHours.opens} to ${openingHours.closes}.`,
      keywords: 'contact phone telephone call number email e-mail mail talk speak reach',
      link: { label: 'Contact us', to: '/contact' },
    },
    {
      id: 'consultation',
      title: 'Book a consultation',
      text: `${consultationOffering.summary} ${consultationOffering.points.join('. ')}.`,
      keywords: 'book booking consultation consult meeting appointment meet advice free start help',
      link: { label: 'Request a consultation', to: consultationRequestPath() },
    },
    {
      id: 'payments',
      title: 'Paying us',
      text: `We accept ${paymentMethods.map((m) => m.toLowerCase()).join(', ')}. Prices are in pounds sterling and exclude VAT; projects are invoiced in stages agreed in the quote.`,
      keywords: 'pay payment payments card credit bank transfer invoice cash vat currency',
      link: { label: 'Pricing', to: '/pricing' },
    },
    {
      id: 'rating',
      title: 'What clients say',
      text: `Our clients rate us ${rating.value} out of ${rating.best} from ${rating.count} reviews. Read case studies from hotels, engineering firms and estates across the Highlands.`,
      keywords: 'reviews rating ratings testimonials clients customers trust case studies',
      link: { label: 'Our clients', to: '/clients' },
    },
    {
      id: 'providers',
      title: 'Technology we work with',
      text: `We work with ${providers.map((p) => p.name).join(', ')}, and recommend whichever suits your business and budget.`,
      keywords: 'providers partners platforms microsoft azure aws amazon google cloudflare technology',
      link: { label: 'Technology providers', to: '/providers' },
    },
  );
  return passages;
}
