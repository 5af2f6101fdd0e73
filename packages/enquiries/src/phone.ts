import { parsePhoneNumberFromString } from 'libphonenumber-js/core';
import { ukPhoneMetadata } from './ukPhoneMetadata.ts';

export const phoneMessages = {
  missing: 'Enter your phone number',
  invalid: 'Enter a UK phone number, like 01847 123456 or 07700 900123',
} as const;

export interface UkPhone {
  /** E.164, e.g. '+447700900123'. */
  e164: string;
  /** As people write it in the UK, e.g. '07700 900123'. */
  national: string;
}

// Ofcom's numbers reserved for drama (07700 900000–900999, 01632 960000–960999, …): valid in form but never
// assigned, so demo data and tests can use them without reaching anyone. libphonenumber calls them invalid.
const DRAMA =
  /^(?:7700900\d{3}|1632960\d{3}|(?:113|114|115|116|117|118|121|131|141|151|161|191)4960\d{3}|2079460\d{3}|2890180\d{3}|2920180\d{3}|8081570\d{3}|9098790\d{3})$/;

/**
 * A UK number in any usual writing — 01847 123456, (01847) 123456, +44 7700 900123, 0044 7700 900123 —
 * checked against the UK numbering plan (libphonenumber's metadata for +44, src/ukPhoneMetadata.ts). Numbers of other countries are refused.
 */
export function parseUkPhone(raw: string): UkPhone | null {
  const text = raw.trim().replace(/^00\s*44/, '+44');
  if (text.length > 30 || !/^[+\d(][\d\s().-]*$/.test(text)) return null;
  // The +44 countries' metadata only: any other country's number is refused anyway.
  const phone = parsePhoneNumberFromString(text, 'GB', ukPhoneMetadata);
  if (!phone || phone.countryCallingCode !== '44') return null;
  if (!phone.isValid() && !(phone.isPossible() && DRAMA.test(phone.nationalNumber))) return null;
  return { e164: phone.number, national: phone.formatNational() };
}

export function checkPhone(raw: unknown, required: boolean): { value: UkPhone | null } | { error: string } {
  if (raw !== undefined && raw !== null && typeof raw !== 'string') return { error: phoneMessages.invalid };
  const text = (raw ?? '').trim();
  if (text === '') return required ? { error: phoneMessages.missing } : { value: null };
  const phone = parseUkPhone(text);
  return phone ? { value: phone } : { error: phoneMessages.invalid };
}
