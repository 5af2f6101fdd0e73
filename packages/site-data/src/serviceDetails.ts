import { offerFor, type Billing } from './packages.ts';
import { formatPrice, type ServiceSlug } from './services.ts';

/** One step of how a service is delivered. */
export interface ServiceStep {
  title: string;
  text: string;
}

/** A question visitors ask, with the answer (also published as FAQPage structured data). */
export interface Faq {
  question: string;
  answer: string;
}

/** The detail page of a service, beyond its card (title, summary, features and "from" price in `services`). */
export interface ServiceDetail {
  /** What the service is, in two or three short paragraphs. */
  description: readonly string[];
  /** Who it suits, in one sentence. */
  idealFor: string;
  /** How an engagement runs, in order. */
  steps: readonly ServiceStep[];
  faqs: readonly Faq[];
  /** Services that go well with this one, most relevant first. */
  related: readonly ServiceSlug[];
}

export const serviceDetails: Record<ServiceSlug, ServiceDetail> = {
  'cloud-infrastructure': {
    description: [
      'We design, migrate and run cloud platforms on Microsoft Azure and Amazon Web Services for organisations that have outgrown a server in a cupboard. Every build follows the providers’ own well-architected guidance, is written down as code, and is handed over with documentation your team can read.',
      'Once you are live we watch it for you: backups are tested, patches are applied in agreed windows, alerts reach an engineer day and night, and a monthly cost review keeps the bill from creeping up.',
    ],
    idealFor:
      'Businesses with servers nearing the end of their life, a growing remote team, or a board asking about disaster recovery.',
    steps: [
      {
        title: 'Assess',
        text: 'We inventory what you run today, what it costs and what it depends on, and agree what success looks like.',
      },
      {
        title: 'Design',
        text: 'A written design and migration plan with a fixed quote, security controls and a realistic timetable.',
      },
      {
        title: 'Migrate',
        text: 'We build the landing zone and move workloads in stages, each tested with your team before switch-over.',
      },
      {
        title: 'Run and improve',
        text: 'Monitoring, backups and patching from day one, and a monthly review of cost, capacity and security.',
      },
    ],
    faqs: [
      {
        question: 'Azure or AWS: which should we choose?',
        answer:
          'It depends on what you already use. Microsoft 365 and Dynamics customers usually fit Azure best; some software runs more cheaply on AWS. We compare both for your workloads in the assessment and recommend one in writing.',
      },
      {
        question: 'Will our systems be down during the migration?',
        answer:
          'Most moves happen with a short planned switch-over outside business hours. We rehearse each one first, and agree a roll-back plan before anything changes.',
      },
      {
        question: 'Where is our data stored?',
        answer:
          'In UK data-centre regions (UK South and UK West on Azure, London on AWS) unless you ask otherwise, so it stays under UK data-protection law.',
      },
    ],
    related: ['project-management', 'support-training', 'ai-solutions'],
  },
  'dynamics-365': {
    description: [
      'Microsoft Dynamics 365 brings your customers, sales pipeline, service cases and finances into one system. We implement Sales, Customer Service and Business Central, shaped around how your team already works rather than the other way round.',
      'Spreadsheets and old CRMs are migrated and checked, Power Automate takes the repetitive steps out of the day, and Power BI reports show managers what is happening without anyone copying figures by hand.',
    ],
    idealFor:
      'Growing teams juggling spreadsheets, shared inboxes and an accounts package that no longer talk to each other.',
    steps: [
      {
        title: 'Discover',
        text: 'Workshops with the people who will use the system, mapping how enquiries, orders and invoices flow today.',
      },
      {
        title: 'Configure',
        text: 'We set up Dynamics 365 in short rounds, showing you each one so feedback shapes the next.',
      },
      {
        title: 'Migrate data',
        text: 'Customers, contacts and history are cleaned, imported and reconciled against the old records.',
      },
      {
        title: 'Train and support',
        text: 'Hands-on training for every team, quick-reference guides, and support through the first months.',
      },
    ],
    faqs: [
      {
        question: 'Do we need Microsoft 365 to use Dynamics 365?',
        answer:
          'No, but it helps: Outlook, Teams and SharePoint integrate directly. We can set up or tidy your Microsoft 365 tenant as part of the project.',
      },
      {
        question: 'How long does an implementation take?',
        answer:
          'A single-team Sales or Customer Service roll-out usually takes four to eight weeks; Business Central with data migration, two to four months.',
      },
      {
        question: 'Who pays for the Microsoft licences?',
        answer:
          'Licences are billed by Microsoft or through us at Microsoft’s list price; our quote shows them separately from our fees.',
      },
    ],
    related: ['project-management', 'support-training', 'cloud-infrastructure'],
  },
  'web-development': {
    description: [
      'We build fast, accessible websites and web applications that work on every phone, rank well in search and turn visitors into enquiries. Sites are prerendered for speed, meet WCAG 2.2 AA and are built so your team can update the content themselves.',
      'From a six-page brochure site to a customer portal with online booking and payments, you get a fixed quote, a staging site to review, and a site that stays fast after launch.',
    ],
    idealFor: 'Businesses whose website is slow, hard to update or simply not bringing in enquiries.',
    steps: [
      {
        title: 'Plan',
        text: 'We agree goals, pages and features, and review your competitors and search terms.',
      },
      {
        title: 'Design',
        text: 'Page designs in your brand, checked for accessibility and on real phones before any build starts.',
      },
      {
        title: 'Build',
        text: 'Development on a private staging site you can click through and comment on at any time.',
      },
      {
        title: 'Launch and grow',
        text: 'We launch, monitor speed and search rankings, and keep software and security up to date.',
      },
    ],
    faqs: [
      {
        question: 'Can we update the website ourselves?',
        answer:
          'Yes. Every site comes with an editor for pages, news and images, and a short training session.',
      },
      {
        question: 'Do you write the content?',
        answer:
          'We can. Our copywriter works from a short interview with you, or we polish text you already have.',
      },
      {
        question: 'What happens to our current site and search rankings?',
        answer:
          'We map every old address to its new page with permanent redirects, so visitors and search engines follow you to the new site.',
      },
    ],
    related: ['domain-hosting', 'social-marketing', 'video-services'],
  },
  'ai-solutions': {
    description: [
      'Practical AI for small and medium businesses: assistants that answer from your own documents, automation that reads invoices and forms, and insight from data you already hold. We start with the problems worth solving, not the technology.',
      'Every project includes a data-protection review, so personal data is handled lawfully and your information is never used to train someone else’s model.',
    ],
    idealFor:
      'Teams that spend hours on repetitive paperwork or answering the same questions again and again.',
    steps: [
      {
        title: 'Workshop',
        text: 'A day with your team to find the tasks where AI saves the most time, ranked by value and risk.',
      },
      {
        title: 'Prototype',
        text: 'A working prototype on a sample of your own data within weeks, so you judge results, not promises.',
      },
      {
        title: 'Build',
        text: 'We harden the prototype, connect it to your systems and put human checks where they matter.',
      },
      {
        title: 'Measure',
        text: 'We track accuracy and time saved each month and tune the system as your documents change.',
      },
    ],
    faqs: [
      {
        question: 'Is our data safe with AI?',
        answer:
          'We use business AI services that do not train on your data, keep processing in the UK or EU where possible, and document it all in a data-protection impact assessment.',
      },
      {
        question: 'Do we need a lot of data to start?',
        answer: 'No. Most assistants and automations work from the documents and examples you already have.',
      },
      {
        question: 'Will AI replace our staff?',
        answer:
          'Our projects take the repetitive work off people’s desks so they can spend time on customers. A person always checks decisions that matter.',
      },
    ],
    related: ['dynamics-365', 'cloud-infrastructure', 'support-training'],
  },
  'domain-hosting': {
    description: [
      'Your domain name, website hosting and business e-mail, looked after by one local team. Sites are hosted in UK data centres with daily backups, free SSL certificates and uptime monitoring that alerts us before you notice a problem.',
      'We register and renew domains, manage DNS, and set up Microsoft 365 or Google Workspace mailboxes so your e-mail arrives reliably and never lands in spam.',
    ],
    idealFor:
      'Any business that wants its website and e-mail to just work, without dealing with hosting companies’ control panels.',
    steps: [
      {
        title: 'Choose',
        text: 'We help you pick a domain and the hosting plan that fits your site and mailboxes.',
      },
      {
        title: 'Move',
        text: 'We transfer your domain, site and mail from the old provider without losing a message.',
      },
      {
        title: 'Secure',
        text: 'SSL certificates, e-mail authentication (SPF, DKIM, DMARC) and daily backups are switched on.',
      },
      {
        title: 'Look after',
        text: 'Renewals, updates and monitoring are handled for you, with a named contact when you need one.',
      },
    ],
    faqs: [
      {
        question: 'Can you move our existing website and e-mail?',
        answer:
          'Yes. We plan the move for a quiet time, copy everything across and switch over with no lost e-mail.',
      },
      {
        question: 'Is the hosting in the UK?',
        answer: 'Yes, in UK data centres, with backups kept in a second UK location for 30 days.',
      },
      {
        question: 'What if our website goes down?',
        answer:
          'Monitoring checks it every minute. We are alerted at once and start work during business hours, or straight away on Premium.',
      },
    ],
    related: ['web-development', 'support-training', 'social-marketing'],
  },
  'social-marketing': {
    description: [
      'Social media that brings in customers, not just likes. We plan your channels, write and design the posts, run targeted advertising to the people you want to reach, and report every month in plain English.',
      'Content is made locally, with photography and video of your business and the Highlands, and your voice kept throughout.',
    ],
    idealFor: 'Businesses that know they should be on social media but do not have the time to do it well.',
    steps: [
      {
        title: 'Strategy',
        text: 'We agree goals, audiences and channels, and a tone of voice that sounds like you.',
      },
      {
        title: 'Create',
        text: 'A monthly content calendar of posts, images and short videos for you to approve.',
      },
      {
        title: 'Publish and advertise',
        text: 'We schedule posts, answer comments if you wish, and run adverts within an agreed budget.',
      },
      {
        title: 'Report',
        text: 'A monthly report of reach, enquiries and spend, with what we will change next month.',
      },
    ],
    faqs: [
      {
        question: 'Which social networks should we be on?',
        answer:
          'The ones your customers use. For most local businesses that is Facebook and Instagram; for business services, LinkedIn. We recommend channels in the strategy.',
      },
      {
        question: 'Is advertising spend included?',
        answer:
          'No. Advertising is paid to the networks directly from your account, so you always see exactly what was spent.',
      },
      {
        question: 'Is there a minimum contract?',
        answer: 'Three months, because results take time to build; after that it runs month to month.',
      },
    ],
    related: ['video-services', 'web-development', 'domain-hosting'],
  },
  'video-services': {
    description: [
      'Promotional films, event coverage and licensed drone footage that show your business and the Highlands at their best. We handle the planning, filming and editing, and deliver versions sized for your website and every social platform.',
      'Our drone pilots hold CAA operator and flyer IDs and plan every flight around airspace, weather and permissions.',
    ],
    idealFor:
      'Tourism businesses, venues, estates and anyone who needs to show what they do rather than describe it.',
    steps: [
      {
        title: 'Brief',
        text: 'We agree the story, audience, locations and shot list, and plan around the weather.',
      },
      {
        title: 'Film',
        text: 'A crew of one or two, with gimbal, sound and drone kit, for as long as the project needs.',
      },
      { title: 'Edit', text: 'A first cut within ten working days, with music, captions and your brand.' },
      {
        title: 'Deliver',
        text: 'Final versions for web, social and presentations, with the footage archived for future edits.',
      },
    ],
    faqs: [
      {
        question: 'Can you film with a drone anywhere?',
        answer:
          'Most places, yes, but some sites near airports, military ranges or nature reserves need permission. We check every location and arrange it in advance.',
      },
      {
        question: 'Who owns the footage?',
        answer:
          'You do. You receive a licence to use the finished films anywhere, and can buy the raw footage too.',
      },
      {
        question: 'Can you live-stream our event?',
        answer:
          'Yes, to YouTube, Facebook or a private page, with a back-up connection where the venue allows.',
      },
    ],
    related: ['social-marketing', 'web-development', 'project-management'],
  },
  'project-management': {
    description: [
      'Experienced IT project managers who take your technology project from idea to delivery, on time and on budget. We work with your team and your suppliers, keep everyone to the plan, and tell you early when something needs a decision.',
      'We use PRINCE2 or agile methods as the project needs, and report in plain language: what is done, what is next, and what is at risk.',
    ],
    idealFor:
      'Organisations running a system change, office move or supplier switch without a project manager of their own.',
    steps: [
      {
        title: 'Scope',
        text: 'We agree goals, scope, budget and who decides what, and write them into a short project brief.',
      },
      { title: 'Plan', text: 'A realistic plan with milestones, a risk log and a supplier schedule.' },
      {
        title: 'Deliver',
        text: 'We run the project day to day, chase actions and report progress every week.',
      },
      {
        title: 'Hand over',
        text: 'Testing, sign-off and a lessons-learned review so the next project goes even better.',
      },
    ],
    faqs: [
      {
        question: 'Can you manage suppliers we already work with?',
        answer: 'Yes. We manage any supplier on your behalf and hold them to their commitments.',
      },
      {
        question: 'Do you work on projects outside IT?',
        answer:
          'Mostly IT and digital projects, plus office moves and fit-outs where technology is a large part.',
      },
      {
        question: 'How do we keep track of progress?',
        answer: 'A weekly written update and a short call, and a shared plan you can look at any time.',
      },
    ],
    related: ['cloud-infrastructure', 'dynamics-365', 'web-development'],
  },
  'gaming-setup': {
    description: [
      'Gaming PCs, consoles, networks and streaming rigs, built and tuned by people who play. We build custom PCs to your budget, fix lag with proper networking, and set up capture and streaming so you look and sound great.',
      'For clubs, pubs and venues we install networks and machines for tournaments and LAN events, and support them on the night.',
    ],
    idealFor: 'Players, streamers, esports clubs and venues hosting gaming nights or tournaments.',
    steps: [
      { title: 'Talk', text: 'We ask what you play, what annoys you and what you want to spend.' },
      {
        title: 'Build or tune',
        text: 'A custom build, an upgrade or a tune-up of what you have, tested under load.',
      },
      { title: 'Network', text: 'Wired connections, mesh Wi-Fi or quality-of-service settings to cut lag.' },
      { title: 'Play', text: 'A walkthrough of your set-up, with help by phone if anything changes.' },
    ],
    faqs: [
      {
        question: 'Can you fix lag on our connection?',
        answer:
          'Often, yes. Most lag comes from Wi-Fi and router settings rather than the broadband line itself, and we test both.',
      },
      {
        question: 'Do you supply the parts?',
        answer:
          'We source parts at trade prices and pass them on at cost, or build with parts you have bought.',
      },
      {
        question: 'Do you support events?',
        answer:
          'Yes. We set up and run networks and machines for tournaments and LAN events, including on the day.',
      },
    ],
    related: ['support-training', 'video-services', 'domain-hosting'],
  },
  'support-training': {
    description: [
      'Friendly IT support for your team, by phone, e-mail and remote session, with on-site visits across Caithness and Sutherland. We answer in plain English, fix the problem and tell you how to avoid it next time.',
      'We also train staff on Microsoft 365 and staying safe online, and prepare you for Cyber Essentials certification, which many contracts now require.',
    ],
    idealFor: 'Small and medium organisations without an IT person, or whose IT person needs back-up.',
    steps: [
      {
        title: 'Onboard',
        text: 'We document your devices, accounts and software, and fix anything urgent straight away.',
      },
      {
        title: 'Secure',
        text: 'Updates, antivirus, backups and multi-factor sign-in are set up and checked.',
      },
      {
        title: 'Support',
        text: 'Help desk Monday to Friday 09:00 to 17:00, with agreed response times and on-site visits.',
      },
      {
        title: 'Train',
        text: 'Short, practical sessions so your team gets more from the tools they use every day.',
      },
    ],
    faqs: [
      {
        question: 'How quickly do you respond?',
        answer:
          'Within one business hour for urgent problems on Managed IT, and within four business hours on Team support. Single sessions are booked at a time that suits you.',
      },
      {
        question: 'Do you come on site?',
        answer:
          'Yes, across Caithness and Sutherland, within 50 km of Thurso at no travel charge. Further afield we help remotely or agree travel in advance.',
      },
      {
        question: 'Can you help us get Cyber Essentials?',
        answer:
          'Yes. We check your set-up against the scheme, fix the gaps and guide you through the assessment.',
      },
    ],
    related: ['cloud-infrastructure', 'domain-hosting', 'dynamics-365'],
  },
};

export function serviceDetail(slug: ServiceSlug): ServiceDetail {
  return serviceDetails[slug];
}

/** A "from" price of a service: one tier of the package builder's catalogue, in words. */
export interface ServicePrice {
  name: string;
  summary: string;
  /** 'From £1,000'. */
  price: string;
  /** 'one-off, or £250 a month'. */
  terms: string;
  /** The headline amount in pounds, for structured data. */
  amount: number;
  billing: Billing;
}

const perBilling: Record<Billing, string> = { monthly: 'a month', 'one-off': 'one-off' };

/**
 * The service's price points, from the same catalogue the package builder prices from, so a page never shows a
 * price the builder would not charge. Each tier in its preferred billing, with the other billing as an alternative.
 */
export function servicePrices(slug: ServiceSlug): ServicePrice[] {
  const offer = offerFor(slug);
  if (!offer) return [];
  return offer.tiers.flatMap((tier) => {
    const billings = offer.billing.filter((b) => tier.pence[b] !== undefined);
    const [main, other] = billings;
    if (!main) return [];
    const pounds = (b: Billing) => (tier.pence[b] as number) / 100;
    const terms = other
      ? `${perBilling[main]}, or ${formatPrice(pounds(other))} ${perBilling[other]}`
      : perBilling[main];
    return [
      {
        name: tier.name,
        summary: tier.summary,
        price: `From ${formatPrice(pounds(main))}`,
        terms,
        amount: pounds(main),
        billing: main,
      },
    ];
  });
}
