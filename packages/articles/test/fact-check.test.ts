// The draft checker: every kind of fact, right and wrong, against site-data.
import { describe, expect, it } from 'vitest';
import { contact } from '@pentland/site-data';
import { checkFacts, factCheckSummary, type FactFinding } from '../src/index.ts';

const check = (md: string) => checkFacts(md);
const statuses = (findings: FactFinding[], kind: FactFinding['kind']) =>
  findings.filter((f) => f.kind === kind).map((f) => [f.found, f.status, f.expected ?? null]);

describe('checkFacts', () => {
  it('leaves right prices alone, read against the service the sentence names', () => {
    const r = check('Dynamics 365 costs from £750 one-off, or £195 a month. Web Development starts at £495.');
    expect(r.markdown).toBe(
      'Dynamics 365 costs from £750 one-off, or £195 a month. Web Development starts at £495.',
    );
    expect(statuses(r.findings, 'price')).toEqual([
      ['from £750', 'right', null],
      ['£195 a month', 'right', null],
      ['at £495', 'right', null],
    ]);
  });

  it('corrects a wrong price of a named service to its from price, or its monthly one', () => {
    const r = check(
      'Cloud Infrastructure costs £90. Our Cloud Infrastructure service starts at £99 a month.',
    );
    expect(r.markdown).toBe(
      'Cloud Infrastructure costs from £1,000. Our Cloud Infrastructure service starts at £250 a month.',
    );
    expect(statuses(r.findings, 'price')).toEqual([
      ['£90', 'corrected', 'from £1,000'],
      ['at £99 a month', 'corrected', 'at £250 a month'],
    ]);
  });

  it('reads a price against the service of its section when the sentence names none', () => {
    const r = check(
      '## What Domain & Hosting costs\n\nThe Essential plan is £37.50 a month. Premium is £99 a month.',
    );
    expect(statuses(r.findings, 'price')).toEqual([
      ['£37.50 a month', 'right', null],
      ['£99 a month', 'corrected', 'from £37.50 a month'],
    ]);
  });

  it('flags a price nothing on the site matches, when there is no service to correct it to', () => {
    const r = check('A laptop repair costs £60.');
    expect(r.markdown).toBe('A laptop repair costs £60.');
    expect(statuses(r.findings, 'price')).toEqual([['£60', 'flagged', null]]);
  });

  it('puts the company’s phone number in place of any other, in any writing', () => {
    for (const wrong of ['01847 555 123', '+44 1847 555123', '0800 123 4567', '+44 (0)7700 900999']) {
      const r = check(`Call us on ${wrong} today.`);
      expect(r.markdown).toBe(`Call us on ${contact.phone} today.`);
      expect(statuses(r.findings, 'phone')).toEqual([[wrong, 'corrected', contact.phone]]);
    }
    for (const right of [contact.phone, '+44 7700 900461', '+447700900461'])
      expect(statuses(check(`Call ${right}.`).findings, 'phone')).toEqual([[right, 'right', null]]);
  });

  it('corrects the company’s own domain to its address, and flags anyone else’s', () => {
    const r = check('Write to info@pentlandcloud.co.uk, hello@pentlandcloud.co.uk or jo@example.com.');
    expect(r.markdown).toBe(
      'Write to hello@pentlandcloud.co.uk, hello@pentlandcloud.co.uk or jo@example.com.',
    );
    expect(statuses(r.findings, 'email')).toEqual([
      ['info@pentlandcloud.co.uk', 'corrected', contact.email],
      ['hello@pentlandcloud.co.uk', 'right', null],
      ['jo@example.com', 'flagged', null],
    ]);
  });

  it('checks office hours and days where the sentence is about opening, and nothing else', () => {
    const r = check('Our office is open 8am to 6pm, Monday to Saturday. We answer calls 9am–5pm.');
    expect(r.markdown).toBe('Our office is open 09:00 to 17:00, Monday to Friday. We answer calls 9am–5pm.');
    expect(statuses(r.findings, 'hours')).toEqual([
      ['8am to 6pm', 'corrected', '09:00 to 17:00'],
      ['Monday to Saturday', 'corrected', 'Monday to Friday'],
      ['9am–5pm', 'right', null],
    ]);
    // Not opening hours: a backup window, a duration.
    expect(check('Backups run from 2am to 4am. A migration takes 2 to 4 weeks.').findings).toEqual([]);
  });

  it('flags an offering the site does not sell, and knows its services and their tiers', () => {
    const r = check(
      'Our Printer Repair service is new. Our Managed IT plan and our Dynamics 365 service help.',
    );
    expect(statuses(r.findings, 'service')).toEqual([
      ['Printer Repair', 'flagged', null],
      ['Managed IT', 'right', null],
      ['Dynamics 365', 'right', null],
    ]);
  });

  it('does not read a section’s sources line as claims, and a corrected draft checks clean', () => {
    const md =
      '## Support\n\nCall 01847 000000 or e-mail sales@pentlandcloud.co.uk, 8am–6pm weekdays when we are open.\n\nSources: [Contact us](/contact)';
    const first = check(md);
    expect(first.markdown).toContain('Sources: [Contact us](/contact)');
    expect(first.findings.filter((f) => f.status === 'corrected')).toHaveLength(3);
    const second = check(first.markdown);
    expect(second.findings.every((f) => f.status === 'right')).toBe(true);
    expect(second.markdown).toBe(first.markdown);
  });

  it('sums the findings up for the author', () => {
    expect(factCheckSummary([])).toBe('No prices, contact details, hours or service names to check.');
    expect(
      factCheckSummary(
        check('Cloud Infrastructure costs £90; call 01847 000000 or jo@example.com.').findings,
      ),
    ).toBe('4 facts checked against the site: 1 right, 2 corrected, 1 flagged for you to check.');
  });
});
