import { describe, expect, it } from 'vitest';
import { checkDayOff, checkTypeBooking, checkWorkingWeek } from '../src/availabilitySettings.ts';

describe('working hours', () => {
  it('keeps the open days and refuses a day that closes before it opens or off the quarter hour', () => {
    const ok = checkWorkingWeek([
      { weekday: 1, open: true, opens: '09:00', closes: '17:00' },
      { weekday: 6, open: false, opens: '', closes: '' },
    ]);
    expect(ok).toEqual({ ok: true, hours: [{ weekday: 1, opens: '09:00', closes: '17:00' }] });
    const bad = checkWorkingWeek([
      { weekday: 2, open: true, opens: '17:00', closes: '09:00' },
      { weekday: 3, open: true, opens: '09:10', closes: '17:00' },
      { weekday: 4, open: true, opens: '9', closes: '17:00' },
    ]);
    expect(bad).toEqual({
      ok: false,
      errors: {
        2: 'Tuesday must close after it opens',
        3: 'Times must be on the quarter hour (:00, :15, :30 or :45)',
        4: "Enter Thursday's opening and closing times, like 09:00 and 17:00",
      },
    });
  });
});

describe('a type’s booking settings', () => {
  const draft = {
    bookingMode: 'instant' as const,
    durationMinutes: '60',
    bufferBeforeMinutes: '0',
    bufferAfterMinutes: '15',
    minNoticeMinutes: '1440',
    horizonDays: '60',
    dailyCap: '',
  };
  it('answers the columns to store, an empty cap as no cap', () => {
    expect(checkTypeBooking(draft)).toEqual({
      ok: true,
      row: {
        booking_mode: 'instant',
        duration_minutes: 60,
        buffer_before_minutes: 0,
        buffer_after_minutes: 15,
        min_notice_minutes: 1440,
        horizon_days: 60,
        daily_cap: null,
      },
    });
  });
  it('refuses each bad number with its message', () => {
    const r = checkTypeBooking({
      ...draft,
      durationMinutes: '50',
      bufferAfterMinutes: '-5',
      horizonDays: '0',
      dailyCap: '99',
    });
    expect(r).toEqual({
      ok: false,
      errors: {
        durationMinutes: 'Enter 15 to 480 minutes, in steps of 15',
        bufferAfterMinutes: 'Enter 0 to 240 minutes',
        horizonDays: 'Enter 1 to 365 days',
        dailyCap: 'Enter 1 to 50, or leave empty for no limit',
      },
    });
  });
});

describe('team days off', () => {
  it('takes a real day from today on, once', () => {
    expect(checkDayOff({ date: '2026-12-24', reason: ' Christmas Eve ' }, '2026-11-28')).toEqual({
      ok: true,
      row: { day: '2026-12-24', reason: 'Christmas Eve' },
    });
    expect(checkDayOff({ date: '2026-02-30', reason: '' }, '2026-01-01').ok).toBe(false);
    expect(checkDayOff({ date: '2026-11-27', reason: '' }, '2026-11-28')).toEqual({
      ok: false,
      errors: { date: 'Choose today or a later day' },
    });
    expect(checkDayOff({ date: '2026-12-24', reason: '' }, '2026-11-28', ['2026-12-24'])).toEqual({
      ok: false,
      errors: { date: 'That day is already off' },
    });
  });
});
