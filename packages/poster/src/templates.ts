import { POSTER_VERSION, type Layer, type PosterDocument } from './document.ts';
import type { QrLanding } from './qr.ts';
import { qrLayer, shapeLayer, textLayer } from './layers.ts';

export type TemplateCategory = 'event' | 'service' | 'offer' | 'eboard';

export interface PosterTemplate {
  id: string;
  title: string;
  description: string;
  category: TemplateCategory;
  /** Usable only with a premium subscription (the database refuses a poster from it otherwise). */
  premium: boolean;
  design: PosterDocument;
}

const navy = '#0b1f3a';
const blue = '#1d4ed8';
const teal = '#0f766e';
const amber = '#f59e0b';
const white = '#ffffff';

function design(
  id: string,
  background: string,
  layers: Layer[],
  landing: QrLanding = '/qr-welcome',
): PosterDocument {
  return {
    version: POSTER_VERSION,
    page: { size: 'A4', orientation: 'portrait', background },
    layers: layers.map((l) => (l.kind === 'qr' ? { ...l, landing } : l)),
    guides: { vertical: [105], horizontal: [] },
    template: id,
  };
}

// The layers panel shows the name: 'target-outer' → 'Target outer'.
const label = (id: string) => `${id[0]!.toUpperCase()}${id.slice(1).replace(/-/g, ' ')}`;
const text = (id: string, over: Parameters<typeof textLayer>[0]) =>
  textLayer({ id, name: label(id), ...over });
const shape = (id: string, over: Parameters<typeof shapeLayer>[0]) =>
  shapeLayer({ id, name: label(id), ...over });
const qr = (over: Parameters<typeof qrLayer>[0] = {}) =>
  qrLayer({ id: 'qr', name: 'QR code', x: 140, y: 222, width: 50, height: 50, ...over });

/** The starting points offered in the poster creator. Layer ids are fixed so a template is the same everywhere. */
export const posterTemplates: readonly PosterTemplate[] = [
  {
    id: 'event',
    title: 'Event',
    description: 'An evening talk, open day or workshop: what, when and where, with a QR code to book.',
    category: 'event',
    premium: false,
    design: design('event', white, [
      shape('band', { x: 0, y: 0, width: 210, height: 110, fill: navy }),
      text('kicker', {
        x: 20,
        y: 22,
        width: 170,
        height: 10,
        text: 'PENTLAND CLOUD PRESENTS',
        fontSize: 14,
        fontWeight: 700,
        color: amber,
      }),
      text('title', {
        x: 20,
        y: 38,
        width: 170,
        height: 50,
        text: 'Cloud Skills Evening',
        fontSize: 54,
        fontWeight: 700,
        color: white,
        lineHeight: 1.05,
      }),
      text('when', {
        x: 20,
        y: 128,
        width: 170,
        height: 14,
        text: 'Thursday 4 December, 18:30',
        fontSize: 24,
        fontWeight: 700,
        color: navy,
      }),
      text('where', {
        x: 20,
        y: 146,
        width: 170,
        height: 12,
        text: 'Thurso Business Park, Caithness',
        fontSize: 18,
        color: '#475569',
      }),
      text('body', {
        x: 20,
        y: 172,
        width: 170,
        height: 36,
        text: 'Free talks on moving to the cloud, backups that work and staying safe online. Tea and coffee from 18:00.',
        fontSize: 16,
        color: navy,
        lineHeight: 1.4,
      }),
      text('call-to-action', {
        x: 20,
        y: 232,
        width: 110,
        height: 30,
        text: 'Scan to book your free place',
        fontSize: 20,
        fontWeight: 700,
        color: blue,
      }),
      qr(),
    ]),
  },
  {
    id: 'service-promotion',
    title: 'Service promotion',
    description: 'One service, three reasons and a QR code to request a consultation.',
    category: 'service',
    premium: false,
    design: design('service-promotion', '#f5f7fb', [
      shape('panel', {
        x: 12,
        y: 12,
        width: 186,
        height: 273,
        fill: white,
        stroke: blue,
        strokeWidth: 1,
        cornerRadius: 6,
      }),
      text('title', {
        x: 24,
        y: 30,
        width: 162,
        height: 40,
        text: 'Cloud infrastructure for Highland businesses',
        fontSize: 36,
        fontWeight: 700,
        color: navy,
        lineHeight: 1.1,
      }),
      text('points', {
        x: 24,
        y: 92,
        width: 162,
        height: 70,
        text: '• Servers that scale with your season\n• Backups you can restore in minutes\n• Local support from Thurso',
        fontSize: 20,
        color: navy,
        lineHeight: 1.6,
      }),
      shape('rule', { x: 24, y: 178, width: 162, height: 1.5, fill: amber }),
      text('call-to-action', {
        x: 24,
        y: 228,
        width: 105,
        height: 30,
        text: 'Scan for a free consultation',
        fontSize: 20,
        fontWeight: 700,
        color: teal,
      }),
      qr({ x: 138, y: 222, width: 48, height: 48 }),
    ]),
  },
  {
    id: 'offer',
    title: 'Special offer',
    description: 'A bold price offer with a deadline, for shop windows and notice boards.',
    category: 'offer',
    premium: true,
    design: design('offer', amber, [
      shape('burst', { shape: 'ellipse', x: 35, y: 30, width: 140, height: 140, fill: navy }),
      text('price', {
        x: 45,
        y: 72,
        width: 120,
        height: 40,
        text: '20% OFF',
        fontSize: 64,
        fontWeight: 700,
        color: white,
        align: 'center',
      }),
      text('what', {
        x: 45,
        y: 118,
        width: 120,
        height: 14,
        text: 'website and hosting packages',
        fontSize: 16,
        color: white,
        align: 'center',
      }),
      text('title', {
        x: 20,
        y: 186,
        width: 170,
        height: 24,
        text: 'New year, new website',
        fontSize: 36,
        fontWeight: 700,
        color: navy,
        align: 'center',
      }),
      text('terms', {
        x: 20,
        y: 214,
        width: 110,
        height: 40,
        text: 'Book before 31 January. Scan to see the packages.',
        fontSize: 16,
        color: navy,
        lineHeight: 1.4,
      }),
      qr({ x: 140, y: 222, width: 50, height: 50, color: navy, background: white }),
    ]),
  },
  {
    id: 'eboard-call',
    title: 'E-Board call',
    description: 'Invites local businesses and clubs to put their news on the Caithness E-Board.',
    category: 'eboard',
    premium: false,
    design: design(
      'eboard-call',
      teal,
      [
        text('kicker', {
          x: 20,
          y: 24,
          width: 170,
          height: 12,
          text: 'THE CAITHNESS E-BOARD',
          fontSize: 16,
          fontWeight: 700,
          color: amber,
        }),
        text('title', {
          x: 20,
          y: 42,
          width: 170,
          height: 60,
          text: 'Got news? Put it on the board.',
          fontSize: 48,
          fontWeight: 700,
          color: white,
          lineHeight: 1.1,
        }),
        text('body', {
          x: 20,
          y: 118,
          width: 170,
          height: 50,
          text: 'Events, openings, clubs and offers from across Caithness, free to submit and seen all over the county.',
          fontSize: 18,
          color: white,
          lineHeight: 1.4,
        }),
        text('call-to-action', {
          x: 20,
          y: 232,
          width: 110,
          height: 30,
          text: 'Scan to submit your entry',
          fontSize: 22,
          fontWeight: 700,
          color: white,
        }),
        qr({ color: navy }),
      ],
      '/eboard-welcome',
    ),
  },
  {
    id: 'darts-night',
    title: 'Darts night',
    description: 'A club night poster that leads to the Seaforth darts welcome page.',
    category: 'event',
    premium: true,
    design: design(
      'darts-night',
      navy,
      [
        shape('target-outer', { shape: 'ellipse', x: 55, y: 28, width: 100, height: 100, fill: '#b91c1c' }),
        shape('target-mid', { shape: 'ellipse', x: 75, y: 48, width: 60, height: 60, fill: white }),
        shape('target-bull', { shape: 'ellipse', x: 95, y: 68, width: 20, height: 20, fill: '#15803d' }),
        text('title', {
          x: 20,
          y: 146,
          width: 170,
          height: 26,
          text: 'Seaforth Darts Night',
          fontSize: 44,
          fontWeight: 700,
          color: white,
          align: 'center',
        }),
        text('when', {
          x: 20,
          y: 178,
          width: 170,
          height: 12,
          text: 'Every Friday from 19:30 · all welcome',
          fontSize: 18,
          color: amber,
          align: 'center',
        }),
        text('call-to-action', {
          x: 20,
          y: 232,
          width: 110,
          height: 30,
          text: 'Scan for fixtures and free Wi-Fi set-up',
          fontSize: 18,
          fontWeight: 700,
          color: white,
        }),
        qr({ color: navy, background: white }),
      ],
      '/seaforth-darts-welcome',
    ),
  },
];

export const templateById = (id: string): PosterTemplate | undefined =>
  posterTemplates.find((t) => t.id === id);
