import { describe, expect, it } from 'vitest';
import {
  boardAt,
  checkDisplaySeconds,
  checkSchedule,
  describeSchedule,
  displayHealth,
  isShowing,
  lastSeenText,
  scheduleMeetsDates,
  type EboardWindow,
} from '../src/index.ts';

const weekdays: EboardWindow = { days: ['mon', 'tue', 'wed', 'thu', 'fri'], from: '07:00', to: '10:00' };
const at = (iso: string) => new Date(iso);

describe('E-Board schedule: when an entry is showing', () => {
  const entry = { displayFrom: '2026-11-01', displayUntil: '2026-11-30', schedule: [weekdays] };

  it('shows inside a weekday window and not outside it (winter: London is UTC)', () => {
    // Monday 23 November 2026.
    expect(isShowing(entry, at('2026-11-23T06:59:59Z'))).toBe(false);
    expect(isShowing(entry, at('2026-11-23T07:00:00Z'))).toBe(true);
    expect(isShowing(entry, at('2026-11-23T09:59:59Z'))).toBe(true);
    expect(isShowing(entry, at('2026-11-23T10:00:00Z'))).toBe(false);
    // Saturday 28 November 2026, same time of day.
    expect(isShowing(entry, at('2026-11-28T08:00:00Z'))).toBe(false);
  });

  it('keeps to the display dates in London days', () => {
    expect(isShowing(entry, at('2026-10-30T08:00:00Z'))).toBe(false); // Friday before the first day
    expect(isShowing(entry, at('2026-11-02T08:00:00Z'))).toBe(true); // Monday 2nd
    expect(isShowing(entry, at('2026-12-01T08:00:00Z'))).toBe(false); // Tuesday after the last day
    // No schedule: the whole of each display day, London midnight to midnight.
    const allDay = { displayFrom: '2026-07-10', displayUntil: '2026-07-10' };
    expect(isShowing(allDay, at('2026-07-09T22:59:59Z'))).toBe(false); // 23:59:59 BST on the 9th
    expect(isShowing(allDay, at('2026-07-09T23:00:00Z'))).toBe(true); // 00:00 BST on the 10th
    expect(isShowing(allDay, at('2026-07-10T22:59:59Z'))).toBe(true);
    expect(isShowing(allDay, at('2026-07-10T23:00:00Z'))).toBe(false);
    expect(isShowing({}, at('2026-07-10T23:00:00Z'))).toBe(true);
  });

  it('follows London summer time: 07:00 BST is 06:00 UTC', () => {
    const summer = { displayFrom: '2026-07-01', displayUntil: '2026-07-31', schedule: [weekdays] };
    // Wednesday 15 July 2026.
    expect(isShowing(summer, at('2026-07-15T05:59:00Z'))).toBe(false);
    expect(isShowing(summer, at('2026-07-15T06:00:00Z'))).toBe(true);
    expect(isShowing(summer, at('2026-07-15T08:59:00Z'))).toBe(true);
    expect(isShowing(summer, at('2026-07-15T09:00:00Z'))).toBe(false);
  });

  it('clocks forward (Sunday 29 March 2026, 01:00 GMT becomes 02:00 BST): the window keeps its wall-clock times', () => {
    const sunday = { days: ['sun'], from: '00:30', to: '03:00' } satisfies EboardWindow;
    const e = { displayFrom: '2026-03-29', displayUntil: '2026-03-29', schedule: [sunday] };
    expect(isShowing(e, at('2026-03-29T00:29:00Z'))).toBe(false); // 00:29 GMT
    expect(isShowing(e, at('2026-03-29T00:30:00Z'))).toBe(true); // 00:30 GMT
    expect(isShowing(e, at('2026-03-29T00:59:59Z'))).toBe(true); // 00:59:59 GMT, then straight to 02:00 BST
    expect(isShowing(e, at('2026-03-29T01:59:59Z'))).toBe(true); // 02:59:59 BST
    expect(isShowing(e, at('2026-03-29T02:00:00Z'))).toBe(false); // 03:00 BST
    // The skipped hour never happens, so a window inside it on that one day never opens.
    const gap = [{ days: ['sun'], from: '01:00', to: '02:00' }] satisfies EboardWindow[];
    expect(scheduleMeetsDates({ displayFrom: '2026-03-29', displayUntil: '2026-03-29', schedule: gap })).toBe(
      false,
    );
    expect(scheduleMeetsDates({ displayFrom: '2026-03-22', displayUntil: '2026-03-22', schedule: gap })).toBe(
      true,
    );
    // A day earlier the same window follows GMT: 07:00 is 07:00 UTC; a day later BST: 07:00 is 06:00 UTC.
    const daily = { schedule: [{ ...weekdays, days: ['sat', 'mon'] }] satisfies EboardWindow[] };
    expect(isShowing(daily, at('2026-03-28T07:00:00Z'))).toBe(true);
    expect(isShowing(daily, at('2026-03-28T06:30:00Z'))).toBe(false);
    expect(isShowing(daily, at('2026-03-30T06:00:00Z'))).toBe(true);
    expect(isShowing(daily, at('2026-03-30T09:30:00Z'))).toBe(false);
  });

  it('clocks back (Sunday 25 October 2026, 02:00 BST becomes 01:00 GMT): the repeated hour shows twice', () => {
    const e = { schedule: [{ days: ['sun'], from: '01:00', to: '02:00' }] satisfies EboardWindow[] };
    expect(isShowing(e, at('2026-10-24T23:59:00Z'))).toBe(false); // 00:59 BST
    expect(isShowing(e, at('2026-10-25T00:00:00Z'))).toBe(true); // 01:00 BST
    expect(isShowing(e, at('2026-10-25T00:59:00Z'))).toBe(true); // 01:59 BST
    expect(isShowing(e, at('2026-10-25T01:00:00Z'))).toBe(true); // 01:00 GMT, the second time
    expect(isShowing(e, at('2026-10-25T01:59:00Z'))).toBe(true); // 01:59 GMT
    expect(isShowing(e, at('2026-10-25T02:00:00Z'))).toBe(false); // 02:00 GMT
    expect(scheduleMeetsDates({ displayFrom: '2026-10-25', displayUntil: '2026-10-25', ...e })).toBe(true);
  });

  it('around midnight: a window to 24:00 runs to the end of the day, and the next day starts afresh', () => {
    const late = {
      schedule: [
        { days: ['fri'], from: '22:00', to: '24:00' },
        { days: ['sat'], from: '00:00', to: '02:00' },
      ] satisfies EboardWindow[],
    };
    // Friday 27 November 2026 (GMT).
    expect(isShowing(late, at('2026-11-27T21:59:59Z'))).toBe(false);
    expect(isShowing(late, at('2026-11-27T22:00:00Z'))).toBe(true);
    expect(isShowing(late, at('2026-11-27T23:59:59Z'))).toBe(true);
    expect(isShowing(late, at('2026-11-28T00:00:00Z'))).toBe(true);
    expect(isShowing(late, at('2026-11-28T01:59:59Z'))).toBe(true);
    expect(isShowing(late, at('2026-11-28T02:00:00Z'))).toBe(false);
    // Thursday night is not Friday night.
    expect(isShowing(late, at('2026-11-26T23:00:00Z'))).toBe(false);
    // A display date ends at London midnight even inside a window to 24:00 the next day would continue.
    const bounded = { displayUntil: '2026-11-27', ...late };
    expect(isShowing(bounded, at('2026-11-27T23:30:00Z'))).toBe(true);
    expect(isShowing(bounded, at('2026-11-28T00:30:00Z'))).toBe(false);
  });

  it('boardAt keeps the order and only what is showing', () => {
    const a = { id: 'a', schedule: [weekdays] };
    const b = { id: 'b', schedule: null };
    const c = { id: 'c', displayUntil: '2026-11-01' };
    expect(boardAt([a, b, c], at('2026-11-23T08:00:00Z')).map((e) => e.id)).toEqual(['a', 'b']);
    expect(boardAt([a, b, c], at('2026-11-23T12:00:00Z')).map((e) => e.id)).toEqual(['b']);
    expect(boardAt([c, b, a], at('2026-11-02T12:00:00Z')).map((e) => e.id)).toEqual(['b']);
    expect(boardAt([c, b, a], at('2026-11-02T09:00:00Z')).map((e) => e.id)).toEqual(['b', 'a']);
  });
});

describe('E-Board schedule: checking what is saved', () => {
  it('accepts windows and sorts their days', () => {
    expect(checkSchedule([{ days: ['fri', 'mon'], from: '07:00', to: '24:00' }])).toEqual({
      value: [{ days: ['mon', 'fri'], from: '07:00', to: '24:00' }],
    });
    expect(checkSchedule(null)).toEqual({ value: [] });
    // 00:00 as an end is midnight.
    expect(checkSchedule([{ days: ['sat'], from: '22:00', to: '00:00' }])).toEqual({
      value: [{ days: ['sat'], from: '22:00', to: '24:00' }],
    });
  });

  it.each([
    ['not a list', { days: ['mon'] }, 'The schedule must be a list of time windows'],
    ['no days', [{ days: [], from: '07:00', to: '10:00' }], 'choose at least one day'],
    [
      'an unknown weekday',
      [{ days: ['mon', 'funday'], from: '07:00', to: '10:00' }],
      '"funday" is not a weekday (use mon, tue, wed, thu, fri, sat, sun)',
    ],
    [
      'a start that is no time',
      [{ days: ['mon'], from: '7am', to: '10:00' }],
      'the start must be a time like 07:00',
    ],
    [
      '25:00',
      [{ days: ['mon'], from: '07:00', to: '25:00' }],
      'the end must be a time like 10:00 (24:00 for midnight)',
    ],
    [
      'an end before the start',
      [{ days: ['mon'], from: '22:00', to: '02:00' }],
      'the end must be after the start (for a window past midnight, add a second window)',
    ],
    [
      'an empty window',
      [{ days: ['mon'], from: '07:00', to: '07:00' }],
      'the end must be after the start (for a window past midnight, add a second window)',
    ],
    ['a window that is no object', ['mon 07:00'], 'each window needs its days, a start and an end'],
  ])('refuses %s', (_, raw, message) => {
    expect(checkSchedule(raw)).toEqual({ error: message });
  });

  it('names the window at fault when there are several', () => {
    expect(
      checkSchedule([
        { days: ['mon'], from: '07:00', to: '10:00' },
        { days: ['tue'], from: '12:00', to: '11:00' },
      ]),
    ).toEqual({
      error: 'Window 2: the end must be after the start (for a window past midnight, add a second window)',
    });
  });

  it('display seconds: empty for the default, 5 to 120 whole seconds', () => {
    expect(checkDisplaySeconds(undefined)).toEqual({ value: null });
    expect(checkDisplaySeconds('')).toEqual({ value: null });
    expect(checkDisplaySeconds(20)).toEqual({ value: 20 });
    expect(checkDisplaySeconds('30')).toEqual({ value: 30 });
    for (const bad of [4, 121, 7.5, 'ten', -5, true])
      expect(checkDisplaySeconds(bad)).toEqual({
        error: 'The display time must be a whole number of seconds from 5 to 120',
      });
  });

  it('a schedule meets its dates only when one of its weekdays falls on them', () => {
    const saturdays = [{ days: ['sat'], from: '09:00', to: '12:00' }] satisfies EboardWindow[];
    // Monday 23 to Friday 27 November 2026: no Saturday.
    expect(
      scheduleMeetsDates({ displayFrom: '2026-11-23', displayUntil: '2026-11-27', schedule: saturdays }),
    ).toBe(false);
    expect(
      scheduleMeetsDates({ displayFrom: '2026-11-23', displayUntil: '2026-11-28', schedule: saturdays }),
    ).toBe(true);
    expect(scheduleMeetsDates({ displayFrom: '2026-11-23', schedule: saturdays })).toBe(true);
    expect(scheduleMeetsDates({ displayFrom: '2026-11-23', displayUntil: '2026-11-27', schedule: [] })).toBe(
      true,
    );
  });

  it('describes a schedule for the lists', () => {
    expect(describeSchedule([])).toBe('All day');
    expect(describeSchedule([weekdays, { days: ['sat', 'sun'], from: '09:00', to: '12:00' }])).toBe(
      'Mon–Fri 07:00–10:00; Sat, Sun 09:00–12:00',
    );
  });
});

describe('E-Board displays: alive or silent', () => {
  const now = new Date('2026-11-28T12:00:00Z');
  it('a display heard within five minutes is alive, later silent, never heard: never', () => {
    expect(displayHealth('2026-11-28T11:55:00Z', now)).toBe('alive');
    expect(displayHealth('2026-11-28T11:54:59Z', now)).toBe('silent');
    expect(displayHealth(null, now)).toBe('never');
    expect(displayHealth('not a time', now)).toBe('never');
  });
  it('says when it was last seen', () => {
    expect(lastSeenText('2026-11-28T11:59:30Z', now)).toBe('just now');
    expect(lastSeenText('2026-11-28T11:53:00Z', now)).toBe('7 min ago');
    expect(lastSeenText('2026-11-28T09:55:00Z', now)).toBe('2 h 5 min ago');
    expect(lastSeenText('2026-11-25T12:00:00Z', now)).toBe('3 days ago');
    expect(lastSeenText(null, now)).toBe('Never');
  });
});
