// The forms' phone rule runs on libphonenumber-js's metadata for +44 only (src/ukPhoneMetadata.ts, 4 KB instead of
// 83 KB in the browser): it must be the installed library's, and answer as the whole metadata does.
import { createRequire } from 'node:module';
import { parsePhoneNumberFromString, type MetadataJson } from 'libphonenumber-js/core';
import { describe, expect, it } from 'vitest';
import { parseUkPhone } from '../src/phone.ts';
import { ukPhoneMetadata } from '../src/ukPhoneMetadata.ts';
import { ukPhoneMetadata as cut } from '../scripts/uk-phone-metadata.mjs';

const full = createRequire(import.meta.url)('libphonenumber-js/metadata.min.json') as MetadataJson;

/** parseUkPhone's rule with the whole metadata, as it was before the cut. */
function withWholeMetadata(raw: string) {
  const text = raw.trim().replace(/^00\s*44/, '+44');
  if (text.length > 30 || !/^[+\d(][\d\s().-]*$/.test(text)) return null;
  const phone = parsePhoneNumberFromString(text, 'GB', full);
  if (!phone || phone.countryCallingCode !== '44' || !phone.isValid()) return null;
  return { e164: phone.number, national: phone.formatNational() };
}

describe('the +44 phone metadata', () => {
  it('is the installed library’s metadata for +44 (run `pnpm --filter @pentland/enquiries run phone-metadata` after an upgrade)', () => {
    expect(ukPhoneMetadata).toEqual(cut(full));
    expect(JSON.stringify(ukPhoneMetadata).length).toBeLessThan(JSON.stringify(full).length / 10);
  });

  it.each([
    '01847 123456',
    '(01847) 123456',
    '+44 1955 602222',
    '0044 20 7946 0018',
    '07911 123456',
    '01481 712345',
    '01624 612345',
    '01534 712345',
    '0800 123 4567',
    '+33 1 42 68 53 00',
    '+1 212 555 0100',
    '+353 1 234 5678',
    '+49 30 901820',
    '01847 12345',
    '07911 1234567',
    '999',
    '+44',
  ])('%s gets the same answer as with every country’s metadata', (raw) => {
    expect(parseUkPhone(raw)).toEqual(withWholeMetadata(raw));
  });
});
