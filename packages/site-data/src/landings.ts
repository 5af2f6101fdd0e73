import { contact } from './contact.ts';
import { freeConsultation } from './content.ts';
import { servicePath, services } from './services.ts';

/** A promotional page that a poster's QR code leads to. */
export interface QrLanding {
  path: '/qr-welcome' | '/seaforth-darts-welcome';
  /** Short name for analytics tables. */
  name: string;
  kicker: string;
  heading: string;
  lead: string;
  offers: { title: string; text: string; to: string }[];
  offerHeading: string;
  cta: { heading: string; text: string; label: string; to: string };
}

/** A phrase as the start of a sentence. */
const sentence = (phrase: string) => phrase.charAt(0).toUpperCase() + phrase.slice(1);

const service = (slug: string) => {
  const s = services.find((x) => x.slug === slug);
  if (!s) throw new Error(`No service ${slug}`);
  return s;
};

const offer = (slug: string, text: string) => ({
  title: service(slug).title,
  text,
  to: servicePath(service(slug)),
});

const consultation = {
  label: 'Request a free consultation',
  to: '/consultation-request',
};

export const qrLandings: readonly QrLanding[] = [
  {
    path: '/qr-welcome',
    name: 'QR welcome',
    kicker: 'Thanks for scanning',
    heading: 'IT that works as hard as you do, from Thurso',
    lead: 'You found one of our posters. Pentland Cloud looks after the computers, websites and cloud services of businesses across Caithness and Sutherland — with a local team you can call and meet.',
    offerHeading: 'What we can do for you',
    offers: [
      offer(
        'cloud-infrastructure',
        'Move servers and files to the cloud, with backups you can restore in minutes.',
      ),
      offer('web-development', 'A fast website that brings in enquiries, built and hosted for you.'),
      offer(
        'support-training',
        'Help desk and on-site support, and training so your team gets more from its tools.',
      ),
    ],
    cta: {
      heading: 'Talk it through, free',
      text: `${sentence(freeConsultation.length)}, at our office in Thurso, at yours, or online. Or call ${contact.phone}.`,
      ...consultation,
    },
  },
  {
    path: '/seaforth-darts-welcome',
    name: 'Seaforth darts welcome',
    kicker: 'Welcome, Seaforth Darts',
    heading: 'Good luck on the oche — we’ll keep your IT on target',
    lead: 'Pentland Cloud is proud to support Seaforth Darts. Players, supporters and the businesses behind them: here is what a local IT partner can do for you.',
    offerHeading: 'For players, clubs and local businesses',
    offers: [
      offer('gaming-setup', 'Streaming and gaming set-ups for club nights, tournaments and at home.'),
      offer(
        'social-marketing',
        'Fixtures, results and sponsors on social media, planned and posted for you.',
      ),
      offer('domain-hosting', 'A club website and e-mail addresses on your own domain.'),
    ],
    cta: {
      heading: 'Club members get a free consultation',
      text: 'Tell us what your club or business needs, and we will come back within one working day.',
      ...consultation,
    },
  },
];

export const qrLandingByPath = (path: string): QrLanding | undefined =>
  qrLandings.find((l) => l.path === path);
