import {
  brand,
  company,
  consultationOffering,
  consultationRequestPath,
  contact,
  formatAddress,
  formatFromPrice,
  formatPrice,
  openingHours,
  paymentMethods,
  priceBounds,
  providers,
  rating,
  serviceDetails,
  servicePath,
  servicePrices,
  services,
  serviceRadius,
  vatRatePercent,
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
  kind: PassageKind;
  /** The service a service, prices or FAQ passage belongs to. */
  service?: ServiceSlug;
  title: string;
  text: string;
  /** Words visitors use for this topic that the text itself may not contain. */
  keywords: string;
  link: SourceLink;
}

/**
 * What a passage is: a service's own overview, prices or FAQ answer (`service` names it), or a topic of the
 * business (hours, location, VAT…); `scope` passages answer requests for something we do not offer.
 */
export type PassageKind = 'service' | 'prices' | 'faq' | 'topic' | 'scope';

// The words visitors use for each service that its own copy may not contain.
const serviceWords: Record<ServiceSlug, string> = {
  'cloud-infrastructure': 'cloud migration migrate servers server azure aws backup disaster recovery move',
  'dynamics-365': 'crm erp sales finance accounts business central power bi microsoft dynamics',
  'web-development':
    'website websites site web design redesign seo search online shop ecommerce booking app apps application portal',
  'ai-solutions': 'ai artificial intelligence chatbot chatbots bot assistant automation machine learning',
  'domain-hosting':
    'hosting host web hosting website hosting domain domains name email mailbox mailboxes ssl dns register',
  'social-marketing': 'social media facebook instagram linkedin tiktok marketing advertising ads posts',
  'video-services': 'video videos film filming drone footage promotional live stream streaming',
  'project-management': 'project projects manager management prince2 agile delivery',
  'gaming-setup': 'gaming gamer pc console consoles xbox playstation streaming lag esports lan',
  'support-training':
    'support help desk helpdesk it support training teach course cyber essentials repair fix laptop laptops computer computers desktop printer printers wifi network slow virus password problem problems broken excel word outlook staff',
};

/** Words that ask what something costs: a question with one of these wants the prices of what it names. */
export const priceWords = new Set(
  'price prices priced pricing cost costs costing charge charges charged fee fees rate rates cheap cheaper expensive afford budget much £'.split(
    ' ',
  ),
);

/** Every passage, built from site-data: a content change reaches the chat without touching it. */
export function knowledgePassages(): Passage[] {
  const passages: Passage[] = [];
  for (const service of services) {
    const detail = serviceDetails[service.slug];
    const link = { label: service.title, to: servicePath(service) };
    passages.push({
      id: `service:${service.slug}`,
      kind: 'service',
      service: service.slug,
      title: service.title,
      text: `${service.title}: ${service.summary} It includes ${service.features.join('; ')}.`,
      keywords: `${serviceWords[service.slug]} ${detail.idealFor}`,
      link,
    });
    // Each price point as the catalogue writes it (its summary keeps its capitals: UK, SSL, Power BI).
    const prices = servicePrices(service.slug)
      .map((p) => `${p.name} (${p.price.replace(/^From /, 'from ')} ${p.terms}): ${p.summary}.`)
      .join(' ');
    passages.push({
      id: `prices:${service.slug}`,
      kind: 'prices',
      service: service.slug,
      title: `${service.title} prices`,
      text: `${service.title} starts ${formatFromPrice(service).toLowerCase()}, excluding VAT. ${prices}`,
      keywords: serviceWords[service.slug],
      link,
    });
    detail.faqs.forEach((faq, i) => {
      passages.push({
        id: `faq:${service.slug}:${i}`,
        kind: 'faq',
        service: service.slug,
        title: faq.question,
        text: faq.answer,
        keywords: service.title,
        link,
      });
    });
  }
  const days = `${openingHours.days[0]} to ${openingHours.days.at(-1)}`;
  const bounds = priceBounds();
  const topic = (p: Omit<Passage, 'kind'>): Passage => ({ kind: 'topic', ...p });
  const pricing = { label: 'Pricing', to: '/pricing' };
  const gaming = services.find((s) => s.slug === 'gaming-setup') as (typeof services)[number];
  passages.push(
    topic({
      id: 'pricing',
      title: 'Prices',
      text: `Each of our ${services.length} services has a published starting price, from ${formatPrice(bounds.min)} to ${formatPrice(bounds.max)}, and every project gets a written quote before work starts. Prices exclude VAT. Ask about a service to hear its prices, or see them all on our pricing page.`,
      keywords: 'price list prices all services quote quotes',
      link: pricing,
    }),
    topic({
      id: 'vat',
      title: 'VAT',
      text: `Our prices exclude VAT. Where VAT applies it is added at ${vatRatePercent}%, the UK standard rate, and your written quote shows it. Our VAT number is ${company.vatNumber}.`,
      keywords:
        'vat tax taxes included include including inclusive exclusive excluding plus gross net number',
      link: pricing,
    }),
    topic({
      id: 'hours',
      title: 'Opening hours',
      text: `We are open ${days}, ${openingHours.opens} to ${openingHours.closes} (UK time), and closed at weekends and on public holidays. Managed cloud clients are monitored around the clock.`,
      keywords:
        'opening hours open opens times time when closed close closing weekend weekends saturday sunday today available office bank holiday holidays christmas evening',
      link: { label: 'Contact us', to: '/contact' },
    }),
    topic({
      id: 'location',
      title: 'Where we are',
      text: `${brand} is based at ${formatAddress()}. We work on site within ${serviceRadius / 1000} km of Thurso, across Caithness and Sutherland, and remotely anywhere in the UK.`,
      keywords:
        'where location located address office visit find based area areas cover coverage travel far distance local near caithness highlands scotland thurso wick sutherland outside remote remotely anywhere uk',
      link: { label: 'Contact us', to: '/contact' },
    }),
    topic({
      id: 'contact',
      title: 'Contact details',
      text: `Call us on ${contact.phone} or e-mail ${contact.email}. We answer ${days}, ${openingHours.opens} to ${openingHours.closes}.`,
      keywords: 'contact phone telephone call ring number email e-mail mail talk speak reach',
      link: { label: 'Contact us', to: '/contact' },
    }),
    topic({
      id: 'consultation',
      title: 'Book a consultation',
      text: `${consultationOffering.summary} ${consultationOffering.points.join('. ')}.`,
      keywords: 'book booking consultation consultations consult meeting appointment meet advice free chat',
      link: { label: 'Request a consultation', to: consultationRequestPath() },
    }),
    topic({
      id: 'payments',
      title: 'Paying us',
      text: `We accept ${paymentMethods.map((m) => m.toLowerCase()).join(', ')}. Prices are in pounds sterling; projects are invoiced in stages agreed in the quote.`,
      keywords:
        'pay paying payment payments card cards credit debit bank transfer invoice invoices cash currency',
      link: pricing,
    }),
    topic({
      id: 'rating',
      title: 'What clients say',
      text: `Our clients rate us ${rating.value} out of ${rating.best} from ${rating.count} reviews. Read case studies from hotels, engineering firms and estates across the Highlands.`,
      keywords: 'reviews review rating ratings testimonials clients customers say trust case studies',
      link: { label: 'Our clients', to: '/clients' },
    }),
    topic({
      id: 'providers',
      title: 'Technology we work with',
      text: `We work with ${providers.map((p) => p.name).join(', ')}, and recommend whichever suits your business and budget.`,
      keywords: 'providers partners platforms microsoft azure aws amazon google cloudflare technology',
      link: { label: 'Technology providers', to: '/providers' },
    }),
    // Requests for what we do not offer, answered with what we do instead.
    {
      id: 'scope:games',
      kind: 'scope',
      title: 'Making games',
      text: `We don't make video games. Our ${gaming.title} service builds and tunes the PCs, consoles and networks you play them on.`,
      keywords: 'game videogame',
      link: { label: gaming.title, to: servicePath(gaming) },
    },
  );
  return passages;
}
