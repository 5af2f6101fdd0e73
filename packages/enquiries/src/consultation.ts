import { decodePackage, serviceBySlug, type ServiceSlug } from '@pentland/site-data';
import { checkEmail, checkText, FieldCollector, honeypotField, isFilled, type Validation } from './fields.ts';
import { checkPhone, type UkPhone } from './phone.ts';
import { checkSlot, type HolidayLookup, type Slot } from './slots.ts';
import { summarizePackage, type PackageSummary } from './packageSummary.ts';

/** What the form (or a JSON body) sends. Every field is untrusted. */
export interface ConsultationRequestInput {
  name?: unknown;
  email?: unknown;
  phone?: unknown;
  company?: unknown;
  services?: unknown;
  consultationType?: unknown;
  preferredSlot?: unknown;
  message?: unknown;
  /** The package builder's URL value (`?package=`), if a package is attached. */
  package?: unknown;
  [honeypotField]?: unknown;
}

export type ConsultationField =
  | 'name'
  | 'email'
  | 'phone'
  | 'company'
  | 'services'
  | 'consultationType'
  | 'preferredSlot'
  | 'message'
  | 'package';

export const consultationFields: readonly ConsultationField[] = [
  'name',
  'email',
  'phone',
  'company',
  'services',
  'consultationType',
  'preferredSlot',
  'message',
  'package',
];

/** A row of `consultation_services` as the form needs it. */
export interface ConsultationType {
  id: string;
  name: string;
  durationMinutes: number;
}

/** The package attached to a request: its summary, with `code` as the request sent it. */
export type AttachedPackage = PackageSummary;

export interface ConsultationRequest {
  name: string;
  email: string;
  phone: UkPhone;
  company: string | null;
  services: ServiceSlug[];
  consultationType: ConsultationType;
  slot: Slot;
  message: string | null;
  package: AttachedPackage | null;
}

export const consultationLimits = { name: 100, company: 200, message: 5000, services: 10 } as const;

export function attachPackage(code: string): { value: AttachedPackage } | { error: string } {
  const decoded = decodePackage(code);
  if (decoded.problems.length) return { error: `The attached package is not valid: ${decoded.problems[0]}` };
  if (!decoded.items.length) return { error: 'The attached package is empty' };
  return { value: summarizePackage(decoded.items, code) };
}

export function validateConsultationRequest(
  input: ConsultationRequestInput,
  ctx: {
    now: Date;
    consultationTypes: readonly ConsultationType[];
    isBankHoliday: HolidayLookup;
    /**
     * The slot rule for a type booked instantly (the server's availability check); null keeps the request rule,
     * `checkSlot`.
     */
    bookingSlot?: (raw: unknown, type: ConsultationType) => { value: Slot } | { error: string } | null;
  },
): Validation<ConsultationRequest, ConsultationField> {
  const f = new FieldCollector<ConsultationField>();
  const name = f.take(
    'name',
    checkText(input.name, {
      label: 'Name',
      required: true,
      max: consultationLimits.name,
      missing: 'Enter your name',
    }),
  );
  const email = f.take('email', checkEmail(input.email));
  const phone = f.take('phone', checkPhone(input.phone, true));
  const company = f.take(
    'company',
    checkText(input.company, { label: 'Company', required: false, max: consultationLimits.company }),
  );
  const message = f.take(
    'message',
    checkText(input.message, {
      label: 'Message',
      required: false,
      max: consultationLimits.message,
      multiline: true,
    }),
  );

  let pkg: AttachedPackage | null = null;
  if (isFilled(input.package)) {
    pkg =
      typeof input.package === 'string' ? (f.take('package', attachPackage(input.package)) ?? null) : null;
    if (typeof input.package !== 'string') f.fail('package', 'The attached package is not valid');
  }

  const services: ServiceSlug[] = [];
  const rawServices = input.services === undefined || input.services === null ? [] : input.services;
  if (!Array.isArray(rawServices) || rawServices.some((s) => typeof s !== 'string')) {
    f.fail('services', 'Choose services from the list');
  } else {
    for (const slug of [...rawServices, ...(pkg?.items.map((i) => i.service) ?? [])] as string[]) {
      const service = serviceBySlug(slug);
      if (!service) f.fail('services', `'${slug.slice(0, 40)}' is not one of our services`);
      else if (!services.includes(service.slug)) services.push(service.slug);
    }
    if (!services.length) f.fail('services', 'Choose at least one service you are interested in');
    if (services.length > consultationLimits.services) f.fail('services', 'Choose at most 10 services');
  }

  let type: ConsultationType | undefined;
  if (!isFilled(input.consultationType)) f.fail('consultationType', 'Choose a consultation type');
  else {
    type = ctx.consultationTypes.find((t) => t.id === input.consultationType);
    if (!type) f.fail('consultationType', 'That consultation type is not offered; choose one from the list');
  }
  // Without a type the length is unknown; check the slot as the shortest consultation so its own errors still show.
  const durationMinutes =
    type?.durationMinutes ?? Math.min(30, ...ctx.consultationTypes.map((t) => t.durationMinutes));
  const slot = f.take(
    'preferredSlot',
    (type && ctx.bookingSlot?.(input.preferredSlot, type)) ??
      checkSlot(input.preferredSlot, { now: ctx.now, durationMinutes, isBankHoliday: ctx.isBankHoliday }),
  );

  if (isFilled(input[honeypotField])) return { ok: false, errors: {}, spam: true };
  if (!f.ok) return { ok: false, errors: f.errors };
  return {
    ok: true,
    value: {
      name: name!,
      email: email!,
      phone: phone!,
      company: company ?? null,
      services,
      consultationType: type!,
      slot: slot!,
      message: message ?? null,
      package: pkg,
    },
  };
}
