import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Button } from '../Button/index.ts';
import { Spinner } from '../Spinner/index.ts';
import { cx } from '../internal/cx.ts';
import * as css from './BookingCalendar.css.ts';
import {
  addDays,
  addMonths,
  dayIn,
  longDay,
  monthName,
  monthWeeks,
  sameClock,
  timeIn,
  weekdayIndex,
} from './zonedTime.ts';

/** A free time: its start and end as ISO instants (UTC). */
export interface BookingSlot {
  start: string;
  end: string;
}

export interface BookingCalendarProps {
  /** The free times (any order); the calendar shows those of the visible month. */
  slots: readonly BookingSlot[];
  /** The zone the times are offered in (IANA name, e.g. 'Europe/London'): it decides each time's day. */
  timeZone: string;
  /** How that zone is named beside a time when the visitor's differs ('UK'). */
  zoneLabel?: string;
  /** The visitor's zone; when its clock differs, each time shows both ('10:00 UK · 05:00 your time'). */
  visitorTimeZone?: string;
  /** The visible month, 'YYYY-MM'. */
  month: string;
  onMonthChange: (month: string) => void;
  /** The first and last months that can be shown ('YYYY-MM'). */
  minMonth?: string;
  maxMonth?: string;
  /** The chosen time's start, if any. */
  value?: string | null;
  onChange: (slot: BookingSlot) => void;
  /** The free times are being fetched. */
  loading?: boolean;
  /** Names the calendar ('Choose a day and time'). */
  label?: string;
  /** Shown when the visible month has no free time. */
  emptyText?: ReactNode;
  /** A problem with the free times (could not be loaded). */
  error?: ReactNode;
}

const weekdays = [
  ['Mon', 'Monday'],
  ['Tue', 'Tuesday'],
  ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'],
  ['Fri', 'Friday'],
  ['Sat', 'Saturday'],
  ['Sun', 'Sunday'],
] as const;

const keySteps: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

/**
 * A month of days and the chosen day's free times as buttons. Arrow keys move between days (across months), Home
 * and End to the week's ends, Enter or Space picks a day; days without a free time are marked unavailable.
 */
export function BookingCalendar({
  slots,
  timeZone,
  zoneLabel = 'UK',
  visitorTimeZone,
  month,
  onMonthChange,
  minMonth,
  maxMonth,
  value,
  onChange,
  loading = false,
  label = 'Choose a day and time',
  emptyText = 'No free times this month.',
  error,
}: BookingCalendarProps) {
  const id = useId();
  const byDay = useMemo(() => {
    const map = new Map<string, BookingSlot[]>();
    for (const s of [...slots].sort((a, b) => a.start.localeCompare(b.start))) {
      const day = dayIn(s.start, timeZone);
      const list = map.get(day);
      if (list) list.push(s);
      else map.set(day, [s]);
    }
    return map;
  }, [slots, timeZone]);
  const weeks = useMemo(() => monthWeeks(month), [month]);
  const freeDays = weeks.flat().filter((d): d is string => d !== null && byDay.has(d));

  const [picked, setPicked] = useState<string | null>(() => (value ? dayIn(value, timeZone) : null));
  const [focusDay, setFocusDay] = useState<string | null>(null);
  const moved = useRef(false);
  const gridRef = useRef<HTMLTableElement>(null);

  // The day that takes Tab: the focused one, else the picked one, else the month's first free day, else its 1st.
  const inMonth = (d: string | null) => d !== null && d.startsWith(month);
  const tabDay = inMonth(focusDay) ? focusDay! : inMonth(picked) ? picked! : (freeDays[0] ?? `${month}-01`);

  // After a key moved the focus (to another month: once that month shows), focus that day.
  useEffect(() => {
    if (!moved.current || !focusDay?.startsWith(month)) return;
    moved.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>(`[data-day="${focusDay}"]`)?.focus();
  }, [focusDay, month]);

  const canShow = (m: string) => (!minMonth || m >= minMonth) && (!maxMonth || m <= maxMonth);

  const moveTo = (day: string) => {
    const m = day.slice(0, 7);
    if (!canShow(m)) return;
    moved.current = true;
    setFocusDay(day);
    if (m !== month) onMonthChange(m);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, day: string) => {
    const weekday = weekdayIndex(day);
    let next: string | null = null;
    if (e.key in keySteps) next = addDays(day, keySteps[e.key]!);
    else if (e.key === 'Home') next = addDays(day, -weekday);
    else if (e.key === 'End') next = addDays(day, 6 - weekday);
    else if (e.key === 'PageUp' || e.key === 'PageDown') {
      const m = addMonths(day.slice(0, 7), e.key === 'PageUp' ? -1 : 1);
      next = `${m}-${day.slice(8)}`;
      if (next.slice(0, 7) !== m) next = `${m}-01`;
    }
    if (!next) return;
    e.preventDefault();
    moveTo(next);
  };

  const pickDay = (day: string) => {
    setFocusDay(day);
    if (byDay.has(day)) setPicked(day);
  };

  const slotText = (s: BookingSlot) => slotClock(s.start, timeZone, visitorTimeZone, zoneLabel);

  const daySlots = picked && inMonth(picked) ? (byDay.get(picked) ?? []) : [];
  const headingId = `${id}-month`;

  return (
    <section className={css.calendar} aria-label={label} aria-busy={loading || undefined}>
      <div className={css.head}>
        <Button
          type="button"
          size="small"
          variant="ghost"
          aria-label="Previous month"
          disabled={!canShow(addMonths(month, -1))}
          onClick={() => onMonthChange(addMonths(month, -1))}
        >
          ‹
        </Button>
        <h3 id={headingId} className={css.month} aria-live="polite">
          {monthName(month)}
        </h3>
        <Button
          type="button"
          size="small"
          variant="ghost"
          aria-label="Next month"
          disabled={!canShow(addMonths(month, 1))}
          onClick={() => onMonthChange(addMonths(month, 1))}
        >
          ›
        </Button>
      </div>
      <table ref={gridRef} className={css.grid} aria-labelledby={headingId}>
        <thead>
          <tr>
            {weekdays.map(([short, long]) => (
              <th key={short} scope="col" abbr={long} className={css.weekday}>
                {short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.find(Boolean)}>
              {week.map((day, i) => {
                if (!day) return <td key={`blank-${i}`} />;
                const count = loading ? 0 : (byDay.get(day)?.length ?? 0);
                const chosen = day === picked;
                return (
                  <td key={day}>
                    <button
                      type="button"
                      data-day={day}
                      className={cx(css.day, count > 0 && css.free, chosen && css.chosen)}
                      tabIndex={day === tabDay ? 0 : -1}
                      aria-disabled={count === 0 || undefined}
                      aria-pressed={chosen}
                      aria-label={`${longDay(day)}, ${
                        count === 0 ? 'no free times' : count === 1 ? '1 free time' : `${count} free times`
                      }`}
                      onKeyDown={(e) => onKeyDown(e, day)}
                      onClick={() => pickDay(day)}
                    >
                      {Number(day.slice(8))}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <div className={css.times} aria-live="polite">
        {error ? (
          <p className={css.error} role="alert">
            {error}
          </p>
        ) : loading ? (
          <Spinner label="Loading free times..." showLabel />
        ) : freeDays.length === 0 ? (
          <p className={css.note}>{emptyText}</p>
        ) : !picked || daySlots.length === 0 ? (
          <p className={css.note}>Choose a day to see its free times.</p>
        ) : (
          <>
            <h4 className={css.timesHeading}>Free times on {longDay(picked)}</h4>
            <ul className={css.slots} aria-label={`Free times on ${longDay(picked)}`}>
              {daySlots.map((s) => (
                <li key={s.start}>
                  <Button
                    type="button"
                    size="small"
                    variant={s.start === value ? 'primary' : 'secondary'}
                    aria-pressed={s.start === value}
                    onClick={() => onChange(s)}
                  >
                    {slotText(s)}
                  </Button>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </section>
  );
}

/** A time's clock in `timeZone` and, when the visitor's clock differs, in theirs ('10:00 UK · 05:00 your time'). */
export function slotClock(iso: string, timeZone: string, visitorTimeZone?: string, zoneLabel = 'UK'): string {
  return visitorTimeZone && !sameClock(iso, timeZone, visitorTimeZone)
    ? `${timeIn(iso, timeZone)} ${zoneLabel} · ${timeIn(iso, visitorTimeZone)} your time`
    : timeIn(iso, timeZone);
}

/** A time with its day: 'Tuesday 24 November 2026, 10:00 UK' (and the visitor's clock when it differs). */
export function bookingTimeText(
  iso: string,
  timeZone: string,
  visitorTimeZone?: string,
  zoneLabel = 'UK',
): string {
  const clock = slotClock(iso, timeZone, visitorTimeZone, zoneLabel);
  return `${longDay(dayIn(iso, timeZone))}, ${clock.includes('·') ? clock : `${clock} ${zoneLabel}`}`;
}
