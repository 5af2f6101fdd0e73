// No zod here: the landing pages import this module alone (`@pentland/poster/qr`).

/** The landing pages a poster's QR code may lead to (site routes). */
export const qrLandings = [
  '/qr-welcome',
  '/eboard-welcome',
  '/seaforth-darts-welcome',
  '/eboard-submissions',
] as const;
export type QrLanding = (typeof qrLandings)[number];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isPosterId = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

export interface TrackingUrlInput {
  /** The site's origin, e.g. `https://pentlandcloud.co.uk` (no path). */
  origin: string;
  landing: QrLanding;
  posterId: string;
  /** `utm_source`: where the code was seen. Defaults to `poster`. */
  source?: string;
}

/** The query names the landing pages read. */
export const scanParams = { poster: 'poster', source: 'utm_source', medium: 'utm_medium' } as const;

/**
 * The URL a poster's QR code encodes: the landing page with the poster id and UTM tags, e.g.
 * `https://pentlandcloud.co.uk/qr-welcome?poster=…&utm_source=poster&utm_medium=qr`.
 * Short on purpose: fewer characters make a smaller QR version with bigger modules at the same printed size.
 */
export function trackingUrl({ origin, landing, posterId, source = 'poster' }: TrackingUrlInput): string {
  let base: URL;
  try {
    base = new URL(origin);
  } catch {
    throw new TypeError(`The site origin ${JSON.stringify(origin)} is not a URL.`);
  }
  if (base.protocol !== 'https:' && base.protocol !== 'http:')
    throw new TypeError(`The site origin must be http or https, not ${base.protocol}`);
  if (!(qrLandings as readonly string[]).includes(landing))
    throw new TypeError(`${JSON.stringify(landing)} is not a QR landing page (${qrLandings.join(', ')}).`);
  if (!isPosterId(posterId)) throw new TypeError(`The poster id ${JSON.stringify(posterId)} is not a UUID.`);
  if (!/^[a-z0-9_.-]{1,40}$/i.test(source))
    throw new TypeError('utm_source is 1–40 letters, digits, _ . or -.');
  const url = new URL(landing, base.origin);
  url.searchParams.set(scanParams.poster, posterId.toLowerCase());
  url.searchParams.set(scanParams.source, source);
  url.searchParams.set(scanParams.medium, 'qr');
  return url.toString();
}

export interface ScanVisit {
  /** The poster id, or null when the URL has none or a malformed one (then nothing is recorded). */
  posterId: string | null;
  utmSource: string | null;
}

/** Reads a landing page's query (`location.search`). Never throws. */
export function readScanVisit(search: string): ScanVisit {
  const params = new URLSearchParams(search);
  const poster = params.get(scanParams.poster);
  const source = params.get(scanParams.source);
  return {
    posterId: isPosterId(poster) ? poster.toLowerCase() : null,
    utmSource: source && source.length <= 100 ? source : null,
  };
}
