import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { csvFileName, parseCsv, toCsv } from '../src/csv.ts';
import { consultationIcs, icsContentTypeFor } from '../src/ics.ts';

describe('.ics for a requested consultation', () => {
  const event = {
    uid: '1a2b3c4d-0000-4000-8000-000000000000@pentlandcloud.co.uk',
    title: 'Consultation: Cloud readiness review (PC-1A2B3C4D)',
    description:
      'Your request PC-1A2B3C4D.\nWe will call you to confirm; commas, semicolons; and long lines '.repeat(3),
    location: 'Pentland Cloud, Thurso Business Park, Thurso KW14 7XW',
    start: '2026-11-24T10:00:00.000Z',
    end: '2026-11-24T11:00:00.000Z',
    organizer: { name: 'Pentland Cloud', email: 'hello@pentlandcloud.co.uk' },
    attendee: { name: 'Fiona Sinclair', email: 'fiona@example.co.uk' },
    created: '2026-11-23T10:00:00.000Z',
  };

  it('parses back to the same event', () => {
    const text = consultationIcs(event);
    expect(text.startsWith('BEGIN:VCALENDAR')).toBe(true);
    expect(text.split('\r\n').every((l) => new TextEncoder().encode(l).length <= 75)).toBe(true);
    const comp = new ICAL.Component(ICAL.parse(text));
    expect(comp.getFirstPropertyValue('method')).toBe('PUBLISH');
    const vevent = new ICAL.Event(comp.getFirstSubcomponent('vevent')!);
    expect(vevent.uid).toBe(event.uid);
    expect(vevent.summary).toBe(event.title);
    expect(vevent.description).toBe(event.description);
    expect(vevent.location).toBe(event.location);
    expect(vevent.startDate.toJSDate().toISOString()).toBe(event.start);
    expect(vevent.endDate.toJSDate().toISOString()).toBe(event.end);
    expect(vevent.organizer.toLowerCase()).toBe('mailto:hello@pentlandcloud.co.uk');
    expect(vevent.attendees.map((a) => String(a.getFirstValue()).toLowerCase())).toEqual([
      'mailto:fiona@example.co.uk',
    ]);
    expect(vevent.component.getFirstPropertyValue('status')).toBe('TENTATIVE');
  });

  it('refuses an end before the start', () => {
    expect(() => consultationIcs({ ...event, end: event.start })).toThrow(RangeError);
    expect(() => consultationIcs({ ...event, sequence: -1 })).toThrow(RangeError);
  });
});

describe('.ics invitations for a booking (iTIP, RFC 5546)', () => {
  const booked = {
    uid: '1a2b3c4d-0000-4000-8000-000000000000@pentlandcloud.co.uk',
    title: 'Consultation: Cloud readiness review (PC-1A2B3C4D)',
    description: 'Your booking PC-1A2B3C4D.',
    location: 'Pentland Cloud, Thurso Business Park, Thurso KW14 7XW',
    start: '2026-11-24T10:00:00.000Z',
    end: '2026-11-24T11:00:00.000Z',
    organizer: { name: 'Pentland Cloud', email: 'hello@pentlandcloud.co.uk' },
    attendee: { name: 'Fiona Sinclair', email: 'fiona@example.co.uk' },
  };
  const parse = (text: string) => {
    const comp = new ICAL.Component(ICAL.parse(text));
    const vevent = comp.getFirstSubcomponent('vevent')!;
    return {
      method: comp.getFirstPropertyValue('method'),
      uid: vevent.getFirstPropertyValue('uid'),
      sequence: vevent.getFirstPropertyValue('sequence'),
      status: vevent.getFirstPropertyValue('status'),
      start: new ICAL.Event(vevent).startDate.toJSDate().toISOString(),
    };
  };

  it('books with REQUEST and SEQUENCE 0, moves with the same UID and SEQUENCE 1, cancels with CANCEL and SEQUENCE 2', () => {
    expect(parse(consultationIcs({ ...booked, method: 'REQUEST' }))).toEqual({
      method: 'REQUEST',
      uid: booked.uid,
      sequence: 0,
      status: 'CONFIRMED',
      start: booked.start,
    });
    const moved = { ...booked, start: '2026-11-25T14:00:00.000Z', end: '2026-11-25T15:00:00.000Z' };
    expect(parse(consultationIcs({ ...moved, method: 'REQUEST', sequence: 1 }))).toEqual({
      method: 'REQUEST',
      uid: booked.uid,
      sequence: 1,
      status: 'CONFIRMED',
      start: moved.start,
    });
    expect(parse(consultationIcs({ ...moved, method: 'CANCEL', sequence: 2 }))).toEqual({
      method: 'CANCEL',
      uid: booked.uid,
      sequence: 2,
      status: 'CANCELLED',
      start: moved.start,
    });
    expect(icsContentTypeFor('CANCEL')).toBe('text/calendar; charset=utf-8; method=CANCEL');
  });
});

describe('CSV export', () => {
  const columns = [
    { header: 'Reference', value: (r: { ref: string; note: string | null; n: number }) => r.ref },
    { header: 'Note', value: (r: { ref: string; note: string | null; n: number }) => r.note },
    { header: 'Count', value: (r: { ref: string; note: string | null; n: number }) => r.n },
  ];

  it('quotes commas, quotes and line breaks, and parses back to the same cells', () => {
    const rows = [
      { ref: 'PC-1', note: 'Says "hello", then\nleaves', n: 3 },
      { ref: 'PC-2', note: null, n: 0 },
    ];
    const text = toCsv(columns, rows);
    expect(text.split('\r\n')[0]).toBe('Reference,Note,Count');
    expect(parseCsv(text)).toEqual([
      ['Reference', 'Note', 'Count'],
      ['PC-1', 'Says "hello", then\nleaves', '3'],
      ['PC-2', '', '0'],
    ]);
  });

  it('defuses cells a spreadsheet would run as formulas', () => {
    const text = toCsv(columns, [{ ref: '=HYPERLINK("http://evil")', note: '@SUM(A1)', n: -1 }]);
    expect(parseCsv(text)[1]).toEqual(['\'=HYPERLINK("http://evil")', "'@SUM(A1)", '-1']);
  });

  it('names files by date', () => {
    expect(csvFileName('consultations', new Date('2026-11-23T12:00:00Z'))).toBe(
      'consultations-2026-11-23.csv',
    );
  });
});
