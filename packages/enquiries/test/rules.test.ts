import { describe, expect, it } from 'vitest';
import { encodePackage } from '@pentland/site-data';
import {
  addDays,
  bookableDays,
  bookingHorizonDays,
  canMoveEnquiry,
  checkEmail,
  checkSlot,
  enquiryStatuses,
  formatDay,
  formatTime,
  londonParts,
  enquiryTransitions,
  parseUkPhone,
  referenceFor,
  slotMessages,
  startMinutes,
  summarizePackage,
  validateConsultationRequest,
  validateContactMessage,
  validateEboardEntry,
  type ConsultationRequestInput,
} from '../src/index.ts';
import { scottishBankHoliday, scottishBankHolidays } from '../src/holidays.ts';

// Monday 23 November 2026, 10:00 in London (GMT, so 10:00 UTC).
const now = new Date('2026-11-23T10:00:00Z');
const slotCtx = { now, durationMinutes: 60, isBankHoliday: scottishBankHoliday };

describe('UK phone numbers', () => {
  it.each([
    ['01847 123456', '+441847123456', '01847 123456'],
    ['(01847) 123456', '+441847123456', '01847 123456'],
    ['07700 900123', '+447700900123', '07700 900123'],
    ['+44 7700 900123', '+447700900123', '07700 900123'],
    ['0044 7700 900123', '+447700900123', '07700 900123'],
    ['020 7946 0958', '+442079460958', '020 7946 0958'],
  ])('accepts %s', (raw, e164, national) => {
    expect(parseUkPhone(raw)).toEqual({ e164, national });
  });

  it.each([
    '12345',
    '07700 90012',
    '+33 1 23 45 67 89',
    '+1 202 555 0143',
    'phone me',
    '07700 900123 ext',
    '0'.repeat(40),
  ])('refuses %s', (raw) => {
    expect(parseUkPhone(raw)).toBeNull();
  });
});

describe('e-mail addresses', () => {
  it('accepts usual addresses and trims them', () => {
    expect(checkEmail(' fiona@caithness.co.uk ')).toEqual({ value: 'fiona@caithness.co.uk' });
    expect(checkEmail('a.b+tag@mail.example.test')).toEqual({ value: 'a.b+tag@mail.example.test' });
  });
  it.each([
    ['', 'Enter your e-mail address'],
    ['fiona', 'Enter a valid e-mail address, like name@example.co.uk'],
    ['fiona@localhost', 'Enter a valid e-mail address, like name@example.co.uk'],
    ['fi ona@example.com', 'Enter a valid e-mail address, like name@example.co.uk'],
    ['a@b@example.com', 'Enter a valid e-mail address, like name@example.co.uk'],
    [`${'a'.repeat(250)}@example.com`, 'E-mail address must be 254 characters or fewer'],
  ])('refuses %j', (raw, error) => {
    expect(checkEmail(raw)).toEqual({ error });
  });
});

describe('Scottish bank holidays', () => {
  it('are those of Scotland, not of England', () => {
    const days = scottishBankHolidays(2026).map((h) => h.date);
    expect(days).toContain('2026-01-02'); // 2 January
    expect(days).toContain('2026-08-03'); // first Monday of August
    expect(days).toContain('2026-11-30'); // St Andrew's Day
    expect(days).not.toContain('2026-04-06'); // Easter Monday is England's
    expect(days).not.toContain('2026-08-31'); // England's late summer holiday
    expect(scottishBankHoliday('2026-12-28')).toMatch(/substitute/); // Boxing Day falls on a Saturday
    expect(scottishBankHoliday('2023-05-08')).toMatch(/Coronation/);
    expect(scottishBankHoliday('2026-11-24')).toBeNull();
    expect(scottishBankHoliday('not a date')).toBeNull();
  });
});

describe('consultation slots', () => {
  it('accept a future weekday within 09:00–17:00 London time and give its instants', () => {
    expect(checkSlot('2026-11-24T09:00', slotCtx)).toEqual({
      value: {
        local: '2026-11-24T09:00',
        start: '2026-11-24T09:00:00.000Z',
        end: '2026-11-24T10:00:00.000Z',
      },
    });
    // In British Summer Time 09:00 in London is 08:00 UTC.
    expect(checkSlot('2027-05-04T16:00', slotCtx)).toEqual({
      value: {
        local: '2027-05-04T16:00',
        start: '2027-05-04T15:00:00.000Z',
        end: '2027-05-04T16:00:00.000Z',
      },
    });
  });

  it.each([
    ['', slotMessages.missing],
    ['tomorrow at ten', slotMessages.format],
    ['2026-02-30T10:00', slotMessages.format],
    ['2026-11-24T25:00', slotMessages.format],
    ['2026-11-20T10:00', slotMessages.past],
    ['2026-11-23T09:30', slotMessages.past],
    ['2026-11-23T10:30', slotMessages.notice],
    ['2027-11-24T10:00', slotMessages.horizon],
    ['2026-11-28T10:00', slotMessages.weekend],
    ['2026-11-29T10:00', slotMessages.weekend],
    ['2026-11-24T08:30', slotMessages.hours],
    ['2026-11-24T16:30', slotMessages.hours], // a 60-minute consultation would end at 17:30
    ['2026-11-24T17:00', slotMessages.hours],
    ['2026-11-24T10:15', slotMessages.grid],
    [
      '2026-11-30T10:00',
      'Monday 30 November 2026 is a bank holiday in Scotland (St Andrew’s Day); choose another day',
    ],
  ])('refuse %j', (raw, error) => {
    expect(checkSlot(raw, slotCtx)).toEqual({ error });
  });

  it('offer start times so that the consultation ends by 17:00', () => {
    expect(startMinutes(60).at(0)).toBe(9 * 60);
    expect(startMinutes(60).at(-1)).toBe(16 * 60);
    expect(startMinutes(90).at(-1)).toBe(15 * 60 + 30);
    const days = bookableDays({ ...slotCtx, count: 6 });
    // Today from 11:00 (an hour's notice), then weekdays without St Andrew's Day and the weekend.
    expect(days.map((d) => d.date)).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-12-01',
    ]);
    expect(days[0]!.times[0]).toBe('11:00');
    expect(days[1]!.times).toHaveLength(15);
    expect(days[1]!.label).toBe('Tuesday 24 November 2026');
  });

  it('offer exactly the times checkSlot accepts, across the clock changes and up to the six-month horizon', () => {
    // Every start time of every day of the horizon, each checked on its own.
    const checked = (o: { now: Date; durationMinutes: number }) => {
      const out: { date: string; label: string; times: string[] }[] = [];
      let date = londonParts(o.now).date;
      for (let i = 0; i <= bookingHorizonDays; i++, date = addDays(date, 1)) {
        const times = startMinutes(o.durationMinutes)
          .map((minute) => `${date}T${formatTime(minute)}`)
          .filter((local) => 'value' in checkSlot(local, { ...o, isBankHoliday: scottishBankHoliday }))
          .map((local) => local.slice(11));
        if (times.length) out.push({ date, label: formatDay(date), times });
      }
      return out;
    };
    const nows = [
      '2026-03-27T16:45:00Z', // the Friday before the clocks go forward
      '2026-03-29T00:30:00Z',
      '2026-10-23T08:10:00Z', // the week before they go back
      '2026-10-25T01:30:00Z',
      '2026-12-24T15:59:00Z',
      '2027-05-31T07:59:00Z',
      '2026-11-23T16:01:00Z', // after the last start of the day
    ];
    for (const at of nows)
      for (const durationMinutes of [30, 60, 90, 120]) {
        const o = { now: new Date(at), durationMinutes };
        expect(
          bookableDays({ ...o, isBankHoliday: scottishBankHoliday, count: 1000 }),
          `${at}, ${durationMinutes} min`,
        ).toEqual(checked(o));
      }
  });
});

const types = [
  { id: 'type-60', name: 'Cloud readiness review', durationMinutes: 60 },
  { id: 'type-90', name: 'Dynamics 365 discovery', durationMinutes: 90 },
];
const ctx = { now, consultationTypes: types, isBankHoliday: scottishBankHoliday };
const good: ConsultationRequestInput = {
  name: ' Fiona Sinclair ',
  email: 'fiona@example.co.uk',
  phone: '07700 900123',
  company: 'Sinclair Crofts',
  services: ['cloud-infrastructure'],
  consultationType: 'type-60',
  preferredSlot: '2026-11-24T10:00',
  message: 'We run two servers in a cupboard.',
};

describe('consultation requests', () => {
  it('a valid request comes back trimmed and typed', () => {
    const r = validateConsultationRequest(good, ctx);
    expect(r).toEqual({
      ok: true,
      value: {
        name: 'Fiona Sinclair',
        email: 'fiona@example.co.uk',
        phone: { e164: '+447700900123', national: '07700 900123' },
        company: 'Sinclair Crofts',
        services: ['cloud-infrastructure'],
        consultationType: types[0],
        slot: {
          local: '2026-11-24T10:00',
          start: '2026-11-24T10:00:00.000Z',
          end: '2026-11-24T11:00:00.000Z',
        },
        message: 'We run two servers in a cupboard.',
        package: null,
      },
    });
  });

  it('every field empty: one clear message per required field', () => {
    const r = validateConsultationRequest({}, ctx);
    expect(r).toEqual({
      ok: false,
      errors: {
        name: 'Enter your name',
        email: 'Enter your e-mail address',
        phone: 'Enter your phone number',
        services: 'Choose at least one service you are interested in',
        consultationType: 'Choose a consultation type',
        preferredSlot: 'Choose a preferred date and time',
      },
    });
  });

  it('over-long, wrong-format and unknown values', () => {
    const r = validateConsultationRequest(
      {
        ...good,
        name: 'x'.repeat(101),
        email: 'not-an-email',
        phone: '+33 1 23 45 67 89',
        company: 'c'.repeat(201),
        services: ['cloud-infrastructure', 'time-travel'],
        consultationType: 'no-such-type',
        message: 'm'.repeat(5001),
      },
      ctx,
    );
    expect(r.ok).toBe(false);
    expect(!r.ok && r.errors).toEqual({
      name: 'Name must be 100 characters or fewer',
      email: 'Enter a valid e-mail address, like name@example.co.uk',
      phone: 'Enter a UK phone number, like 01847 123456 or 07700 900123',
      company: 'Company must be 200 characters or fewer',
      services: "'time-travel' is not one of our services",
      consultationType: 'That consultation type is not offered; choose one from the list',
      message: 'Message must be 5000 characters or fewer',
    });
  });

  it('the slot is checked against the chosen type’s length', () => {
    const r = validateConsultationRequest(
      { ...good, consultationType: 'type-90', preferredSlot: '2026-11-24T16:00' },
      ctx,
    );
    expect(!r.ok && r.errors).toEqual({ preferredSlot: slotMessages.hours });
  });

  it('non-string values are refused, not coerced', () => {
    const r = validateConsultationRequest(
      { ...good, name: { $ne: 1 }, services: 'cloud-infrastructure', preferredSlot: 12 },
      ctx,
    );
    expect(!r.ok && r.errors).toEqual({
      name: 'Name must be text',
      services: 'Choose services from the list',
      preferredSlot: slotMessages.format,
    });
  });

  it('an attached package is re-priced from its code, and its services count as chosen', () => {
    const code = encodePackage([
      { service: 'domain-hosting', tier: 'business', billing: 'monthly', users: 8 },
    ]);
    const r = validateConsultationRequest({ ...good, services: [], package: code }, ctx);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.services).toEqual(['domain-hosting']);
    expect(r.value.package?.lines).toEqual([
      'Domain & Hosting — Business, monthly, 8 mailboxes: £88.50 + VAT',
    ]);
    expect(r.value.package?.priced.monthly).toEqual({ netPence: 8850, vatPence: 1770, grossPence: 10620 });
  });

  it("a package's summary: one line per service, the totals with VAT, the e-mails' rows and the stored value", () => {
    const items = [
      { service: 'domain-hosting', tier: 'business', billing: 'monthly', users: 8 },
      { service: 'web-development', tier: 'brochure', billing: 'one-off', hours: 0 },
    ] as const;
    const s = summarizePackage([...items]);
    expect(s.code).toBe(encodePackage([...items]));
    expect(s.lines).toHaveLength(2);
    expect(s.lines[0]).toBe('Domain & Hosting — Business, monthly, 8 mailboxes: £88.50 + VAT');
    const { monthly, oneOff } = s.priced;
    expect(s.totals).toMatch(/^£106\.20 a month incl\. VAT, £[\d,.]+ one-off incl\. VAT$/);
    expect(s.rows).toEqual([
      ['Package', s.lines.join('\n')],
      ['Monthly', '£88.50 + VAT £17.70 = £106.20'],
      ['One-off', expect.stringMatching(/^£[\d,.]+ \+ VAT £[\d,.]+ = £[\d,.]+$/)],
    ]);
    expect(s.stored).toEqual({ code: s.code, lines: s.lines, monthly, one_off: oneOff });
    // A monthly-only package has no one-off total anywhere.
    const only = summarizePackage([items[0]]);
    expect(only.totals).toBe('£106.20 a month incl. VAT');
    expect(only.rows.map(([label]) => label)).toEqual(['Package', 'Monthly']);
  });

  it('a tampered package is refused on the server', () => {
    const r = validateConsultationRequest({ ...good, package: 'domain-hosting.essential.m.u-5' }, ctx);
    expect(!r.ok && r.errors.package).toBe(
      'The attached package is not valid: Domain & Hosting: e-mail mailboxes must be a whole number from 1 to 500, so it was set to 5.',
    );
  });

  it('a filled honeypot is spam, whatever else the form holds', () => {
    expect(validateConsultationRequest({ ...good, website: 'http://spam.example' }, ctx)).toEqual({
      ok: false,
      errors: {},
      spam: true,
    });
  });
});

describe('contact messages', () => {
  it('valid, with an optional phone', () => {
    const r = validateContactMessage({
      name: 'Magnus',
      email: 'magnus@example.test',
      subject: 'Hosting',
      message: 'Do you host WordPress?',
    });
    expect(r).toEqual({
      ok: true,
      value: {
        name: 'Magnus',
        email: 'magnus@example.test',
        phone: null,
        subject: 'Hosting',
        message: 'Do you host WordPress?',
      },
    });
  });
  it('empty, short, long and wrong', () => {
    expect(validateContactMessage({})).toEqual({
      ok: false,
      errors: {
        name: 'Enter your name',
        email: 'Enter your e-mail address',
        subject: 'Enter a subject',
        message: 'Enter your message',
      },
    });
    const r = validateContactMessage({
      name: 'M',
      email: 'm@x',
      phone: '12',
      subject: 's'.repeat(151),
      message: 'short',
    });
    expect(!r.ok && r.errors).toEqual({
      email: 'Enter a valid e-mail address, like name@example.co.uk',
      phone: 'Enter a UK phone number, like 01847 123456 or 07700 900123',
      subject: 'Subject must be 150 characters or fewer',
      message: 'Message must be at least 10 characters',
    });
    expect(
      validateContactMessage({
        name: 'Line\nbreak',
        email: 'a@b.co',
        subject: 'x',
        message: 'long enough text',
      }),
    ).toMatchObject({
      errors: { name: 'Name contains characters that are not allowed' },
    });
  });
});

describe('E-Board entries', () => {
  const entry = {
    name: 'Seaforth Darts Club',
    email: 'club@seaforth.test',
    title: 'Winter league',
    message: 'New players welcome every Thursday.',
    category: 'sport',
    displayFrom: '2026-11-23',
    displayUntil: '2026-12-20',
  };
  it('valid from today (UK) for up to 60 days', () => {
    expect(validateEboardEntry(entry, { now })).toEqual({
      ok: true,
      value: { ...entry, organisation: null },
    });
  });
  it('dates in the past, reversed, too long or too far ahead', () => {
    const e = (from: string, until: string) => {
      const r = validateEboardEntry({ ...entry, displayFrom: from, displayUntil: until }, { now });
      return r.ok ? {} : r.errors;
    };
    expect(e('2026-11-22', '2026-11-30')).toEqual({ displayFrom: 'The first day cannot be in the past' });
    expect(e('2026-12-10', '2026-12-01')).toEqual({
      displayUntil: 'The last day must be on or after the first day',
    });
    expect(e('2026-12-01', '2027-03-01')).toEqual({
      displayUntil: 'An entry can be shown for at most 60 days',
    });
    expect(e('2028-01-01', '2028-01-02')).toEqual({
      displayFrom: 'The first day must be within the next year',
    });
    expect(e('', '31/12/2026')).toEqual({
      displayFrom: 'Choose the first day to show your entry',
      displayUntil: 'Enter the last day as a date',
    });
  });
  it('unknown categories and wrong images', () => {
    const r = validateEboardEntry(
      { ...entry, category: 'politics', image: { type: 'image/svg+xml', size: 100 } },
      { now },
    );
    expect(!r.ok && r.errors).toEqual({
      category: 'Choose a category from the list',
      image: 'The image must be a JPEG, PNG or WebP file',
    });
    const big = validateEboardEntry(
      { ...entry, image: { type: 'image/png', size: 2 * 1024 * 1024 + 1 } },
      { now },
    );
    expect(!big.ok && big.errors).toEqual({ image: 'The image must be 2 MB or smaller' });
  });
});

describe('status workflow', () => {
  it('moves new → contacted → scheduled → completed, or to cancelled, and never back from completed', () => {
    expect(canMoveEnquiry('new', 'contacted')).toBe(true);
    expect(canMoveEnquiry('contacted', 'scheduled')).toBe(true);
    expect(canMoveEnquiry('scheduled', 'completed')).toBe(true);
    expect(canMoveEnquiry('new', 'cancelled')).toBe(true);
    expect(canMoveEnquiry('completed', 'new')).toBe(false);
    for (const s of enquiryStatuses) expect(canMoveEnquiry('completed', s)).toBe(false);
    for (const s of enquiryStatuses) expect(enquiryTransitions[s]).not.toContain(s);
  });
  it('references are the id’s first eight hex digits, as the database writes them', () => {
    expect(referenceFor('PC', '1a2b3c4d-0000-4000-8000-000000000000')).toBe('PC-1A2B3C4D');
  });
});
