import { describe, expect, it } from 'vitest';
import { eboardOfflineNote, eboardShowingAt, eboardShowsAt } from '../src/index.ts';

describe('which entries a display shows by the clock', () => {
  const entries = [
    { id: 'open', displayFrom: null, displayUntil: null },
    { id: 'today', displayFrom: '2026-11-28', displayUntil: '2026-11-28' },
    { id: 'ended', displayFrom: '2026-11-20', displayUntil: '2026-11-27' },
    { id: 'later', displayFrom: '2026-11-29', displayUntil: '2026-12-05' },
  ];

  it('keeps an entry on its UK days (inclusive) and drops it once its last day is over', () => {
    // 23:59 UTC on 28 November is 23:59 in London (GMT): still the 28th.
    expect(eboardShowingAt(entries, new Date('2026-11-28T23:59:00Z')).map((e) => e.id)).toEqual([
      'open',
      'today',
    ]);
    // A minute later the 28th is over: the day's entry goes, the next day's comes.
    expect(eboardShowingAt(entries, new Date('2026-11-29T00:00:00Z')).map((e) => e.id)).toEqual([
      'open',
      'later',
    ]);
  });

  it('reads the day in London, not UTC (summer time)', () => {
    const summer = { displayFrom: '2026-07-01', displayUntil: '2026-07-01' };
    // 23:30 UTC on 30 June is 00:30 on 1 July in London (BST).
    expect(eboardShowsAt(summer, new Date('2026-06-30T23:30:00Z'))).toBe(true);
    // 23:30 UTC on 1 July is already 2 July in London.
    expect(eboardShowsAt(summer, new Date('2026-07-01T23:30:00Z'))).toBe(false);
  });

  it('says when the stored board was last updated, with the day when it was not today', () => {
    const now = new Date('2026-11-28T15:00:00Z');
    expect(eboardOfflineNote(new Date('2026-11-28T14:32:10Z'), now)).toBe('Offline — last updated 14:32');
    expect(eboardOfflineNote(new Date('2026-11-27T09:05:00Z'), now)).toBe(
      'Offline — last updated 09:05 on 27/11/2026',
    );
    // Summer time: the UK clock, an hour ahead of UTC.
    expect(eboardOfflineNote(new Date('2026-07-01T13:32:00Z'), new Date('2026-07-01T14:00:00Z'))).toBe(
      'Offline — last updated 14:32',
    );
  });
});
