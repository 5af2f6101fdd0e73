import { checkEmail, checkText, FieldCollector, honeypotField, isFilled, type Validation } from './fields.ts';
import { londonParts } from './slots.ts';

export const eboardCategories = [
  { id: 'general', label: 'General notice' },
  { id: 'community', label: 'Community' },
  { id: 'events', label: 'Events' },
  { id: 'business', label: 'Business' },
  { id: 'sport', label: 'Sport and clubs' },
  { id: 'jobs', label: 'Jobs and volunteering' },
] as const;
export type EboardCategory = (typeof eboardCategories)[number]['id'];

export function eboardCategoryLabel(id: string): string {
  return eboardCategories.find((c) => c.id === id)?.label ?? id;
}

/** The E-Board's image rules; the `eboard-images` bucket enforces the same limits. */
export const eboardImageTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const eboardImageMaxBytes = 2 * 1024 * 1024;
/** What the form says of a file the browser cannot decode as a picture (whatever its name or type claims). */
export const eboardImageUnreadable =
  'This file is not a picture we can use — choose a JPEG, PNG or WebP image.';

/**
 * Where E-Board images live: visitors upload into the private `uploads` bucket under `pending/`, readable by
 * moderators only; an approved entry's image is copied to the public `board` bucket under the same file name.
 */
export const eboardImageBuckets = { uploads: 'eboard-images', board: 'eboard-approved' } as const;
const IMAGE_FILE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|jpeg|png|webp)$/;
const IMAGE_URL =
  /\/storage\/v1\/object\/(?:public|authenticated)\/(eboard-images\/pending|eboard-approved)\/([^/?#]+)$/;

/** The image's file name (`<uuid>.<ext>`) in an entry's image URL of either bucket, or null for any other URL. */
export function eboardImageFile(url: string | null | undefined): string | null {
  const m = url ? IMAGE_URL.exec(url) : null;
  return m && IMAGE_FILE.test(m[2]!) ? m[2]! : null;
}

/** An uploaded image's path in the uploads bucket (`pending/<uuid>.<ext>`), or null when it is not one. */
export function eboardUploadFile(path: unknown): string | null {
  if (typeof path !== 'string' || !path.startsWith('pending/')) return null;
  const file = path.slice('pending/'.length);
  return IMAGE_FILE.test(file) ? file : null;
}

/** The URL an entry names for its image: the public copy once approved, else the private original. */
export function eboardImageUrl(baseUrl: string, file: string, published: boolean): string {
  return published
    ? `${baseUrl}/storage/v1/object/public/${eboardImageBuckets.board}/${file}`
    : `${baseUrl}/storage/v1/object/authenticated/${eboardImageBuckets.uploads}/pending/${file}`;
}
export const eboardLimits = {
  name: 100,
  organisation: 150,
  titleMin: 3,
  title: 100,
  messageMin: 10,
  message: 800,
  spanDays: 60,
  aheadDays: 365,
} as const;

export interface EboardEntryInput {
  name?: unknown;
  email?: unknown;
  organisation?: unknown;
  title?: unknown;
  message?: unknown;
  category?: unknown;
  displayFrom?: unknown;
  displayUntil?: unknown;
  /** The chosen image, if any: its type and size (the browser checks the file; the bucket re-checks). */
  image?: { type?: unknown; size?: unknown } | null;
  [honeypotField]?: unknown;
}

export type EboardField =
  | 'name'
  | 'email'
  | 'organisation'
  | 'title'
  | 'message'
  | 'category'
  | 'displayFrom'
  | 'displayUntil'
  | 'image';
export const eboardFields: readonly EboardField[] = [
  'name',
  'email',
  'organisation',
  'title',
  'message',
  'category',
  'displayFrom',
  'displayUntil',
  'image',
];

export interface EboardEntry {
  name: string;
  email: string;
  organisation: string | null;
  title: string;
  message: string;
  category: EboardCategory;
  displayFrom: string;
  displayUntil: string;
}

export function checkEboardImage(image: {
  type?: unknown;
  size?: unknown;
}): { value: true } | { error: string } {
  if (typeof image.type !== 'string' || !(eboardImageTypes as readonly string[]).includes(image.type))
    return { error: 'The image must be a JPEG, PNG or WebP file' };
  if (typeof image.size !== 'number' || !Number.isFinite(image.size) || image.size <= 0)
    return { error: 'The image file is empty' };
  if (image.size > eboardImageMaxBytes) return { error: 'The image must be 2 MB or smaller' };
  return { value: true };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
function dayNumber(date: string): number | null {
  if (!DAY.test(date)) return null;
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const t = Date.UTC(y, m - 1, d);
  const back = new Date(t);
  return back.getUTCFullYear() === y && back.getUTCMonth() === m - 1 && back.getUTCDate() === d
    ? t / 86_400_000
    : null;
}

/** Display dates: from today (UK) or later, within a year; until on or after from, at most 60 days of display. */
export function checkDisplayDates(
  fromRaw: unknown,
  untilRaw: unknown,
  now: Date,
): { from?: string; until?: string; errors: Partial<Record<'displayFrom' | 'displayUntil', string>> } {
  const errors: Partial<Record<'displayFrom' | 'displayUntil', string>> = {};
  const today = dayNumber(londonParts(now).date)!;
  const from = typeof fromRaw === 'string' ? fromRaw.trim() : '';
  const until = typeof untilRaw === 'string' ? untilRaw.trim() : '';
  const f = dayNumber(from);
  const u = dayNumber(until);
  if (from === '') errors.displayFrom = 'Choose the first day to show your entry';
  else if (f === null) errors.displayFrom = 'Enter the first day as a date';
  else if (f < today) errors.displayFrom = 'The first day cannot be in the past';
  else if (f > today + eboardLimits.aheadDays)
    errors.displayFrom = 'The first day must be within the next year';
  if (until === '') errors.displayUntil = 'Choose the last day to show your entry';
  else if (u === null) errors.displayUntil = 'Enter the last day as a date';
  else if (f !== null && u < f) errors.displayUntil = 'The last day must be on or after the first day';
  else if (f !== null && u - f + 1 > eboardLimits.spanDays)
    errors.displayUntil = 'An entry can be shown for at most 60 days';
  else if (u < today) errors.displayUntil = 'The last day cannot be in the past';
  return { from: f === null ? undefined : from, until: u === null ? undefined : until, errors };
}

export function validateEboardEntry(
  input: EboardEntryInput,
  ctx: { now: Date },
): Validation<EboardEntry, EboardField> {
  const f = new FieldCollector<EboardField>();
  const name = f.take(
    'name',
    checkText(input.name, {
      label: 'Name',
      required: true,
      max: eboardLimits.name,
      missing: 'Enter your name',
    }),
  );
  const email = f.take('email', checkEmail(input.email));
  const organisation = f.take(
    'organisation',
    checkText(input.organisation, { label: 'Organisation', required: false, max: eboardLimits.organisation }),
  );
  const title = f.take(
    'title',
    checkText(input.title, {
      label: 'Title',
      required: true,
      min: eboardLimits.titleMin,
      max: eboardLimits.title,
      missing: 'Enter a title',
    }),
  );
  const message = f.take(
    'message',
    checkText(input.message, {
      label: 'Message',
      required: true,
      min: eboardLimits.messageMin,
      max: eboardLimits.message,
      multiline: true,
      missing: 'Enter your message',
    }),
  );
  let category: EboardCategory | undefined;
  if (!isFilled(input.category)) f.fail('category', 'Choose a category');
  else {
    category = eboardCategories.find((c) => c.id === input.category)?.id;
    if (!category) f.fail('category', 'Choose a category from the list');
  }
  const dates = checkDisplayDates(input.displayFrom, input.displayUntil, ctx.now);
  if (dates.errors.displayFrom) f.fail('displayFrom', dates.errors.displayFrom);
  if (dates.errors.displayUntil) f.fail('displayUntil', dates.errors.displayUntil);
  if (input.image) f.take('image', checkEboardImage(input.image));
  if (isFilled(input[honeypotField])) return { ok: false, errors: {}, spam: true };
  if (!f.ok) return { ok: false, errors: f.errors };
  return {
    ok: true,
    value: {
      name: name!,
      email: email!,
      organisation: organisation ?? null,
      title: title!,
      message: message!,
      category: category!,
      displayFrom: dates.from!,
      displayUntil: dates.until!,
    },
  };
}
