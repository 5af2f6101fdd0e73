import { inject } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { businessOf, routes, hasParams, type RouteEntry } from '@pentland/site-data';

export const baseUrl = (): string => inject('baseUrl');

/** Every public route as a concrete URL path; routes with parameters get a sample value. */
export const publicPaths: readonly { route: RouteEntry; path: string }[] = routes
  .filter((r) => r.access === 'public')
  .map((route) => ({
    route,
    path: hasParams(route) ? route.path.replace(/:(\w+)/g, 'sample-$1-42') : route.path,
  }));

export async function connectBrowser(): Promise<Browser> {
  return chromium.connect(inject('browserWsEndpoint'));
}

export interface HeadSnapshot {
  title: string;
  canonical: string | null;
  description: string | null;
  jsonLd: string[];
  geo: Record<string, string | null>;
}

/** Reads the head of a document, in the page (after scripts ran) or in a parsed served file. */
export function readHead(doc: Document): HeadSnapshot {
  const meta = (name: string) => doc.querySelector(`meta[name="${name}"]`)?.getAttribute('content') ?? null;
  return {
    title: doc.title,
    canonical: doc.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
    description: meta('description'),
    jsonLd: Array.from(
      doc.querySelectorAll('script[type="application/ld+json"]'),
      (s) => s.textContent ?? '',
    ),
    geo: Object.fromEntries(['geo.region', 'geo.placename', 'geo.position', 'ICBM'].map((n) => [n, meta(n)])),
  };
}

export async function headOf(page: Page): Promise<HeadSnapshot> {
  return page.evaluate(`(${readHead.toString()})(document)`) as Promise<HeadSnapshot>;
}

/** Every structured-data item of spec §1, checked on a parsed JSON-LD block. */
export function expectedBusinessFields(json: string): Record<string, unknown> {
  const business = businessOf(JSON.parse(json)) ?? {};
  const pick = (o: unknown, ...keys: string[]) =>
    keys.reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], o);
  return {
    openingHours: business.openingHours,
    days: pick(business, 'openingHoursSpecification', '0', 'dayOfWeek'),
    opens: pick(business, 'openingHoursSpecification', '0', 'opens'),
    closes: pick(business, 'openingHoursSpecification', '0', 'closes'),
    priceRange: business.priceRange,
    currency: business.currenciesAccepted,
    payments: business.paymentAccepted,
    radius: pick(business, 'areaServed', 'geoRadius'),
    rating: pick(business, 'aggregateRating', 'ratingValue'),
    ratingCount: pick(business, 'aggregateRating', 'ratingCount'),
    action: pick(business, 'potentialAction', '@type'),
    actionTarget: pick(business, 'potentialAction', 'target', 'urlTemplate'),
  };
}

export const specBusinessFields = {
  openingHours: 'Mo-Fr 09:00-17:00',
  days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
  opens: '09:00',
  closes: '17:00',
  priceRange: '£37.50 - £1000+',
  currency: 'GBP',
  payments: 'Cash, Credit Card, Bank Transfer, Invoice',
  radius: 50000,
  rating: 4.9,
  ratingCount: 47,
  action: 'ReserveAction',
  actionTarget: 'https://pentlandcloud.co.uk/consultation-request',
};
