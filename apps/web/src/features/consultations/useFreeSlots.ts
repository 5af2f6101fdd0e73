import { localTimeZone } from '@pentland/ui';
import { useEffect, useState } from 'react';
import { nextTask } from '../../lib/nextTask.ts';
import { useUkToday } from '../../lib/renderClock.ts';
import { loadSupabase } from '../../lib/supabase.ts';
import { readConsultationSlots, type FreeSlot, type SlotsAnswer } from './data.ts';

/** How many months ahead the calendar can show (the server's horizon decides which days have free times). */
const monthsAhead = 5;

const addMonths = (month: string, n: number) => {
  const d = new Date(`${month}-01T12:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + n);
  return d.toISOString().slice(0, 7);
};
const lastDay = (month: string) => {
  const d = new Date(`${addMonths(month, 1)}-01T12:00:00Z`);
  d.setUTCDate(0);
  return d.toISOString().slice(0, 10);
};

/** No free times (yet): one array, so that a memoised calendar is not told of a change each render. */
const noSlots: readonly FreeSlot[] = [];

/**
 * The free times of a consultation type for the visible month (from consultation-slots), and how the type is
 * booked. A backend without that function answers 404: the type is then asked for as a request, and the function is
 * not asked again.
 */
export function useFreeSlots(type: string) {
  const today = useUkToday();
  const minMonth = today.slice(0, 7);
  const [chosenMonth, setMonth] = useState(minMonth);
  // The page may have been rendered in an earlier month than the browser's: the calendar starts at this one.
  const month = chosenMonth < minMonth ? minMonth : chosenMonth;
  const [round, setRound] = useState(0);
  const [missing, setMissing] = useState(false);
  const [modes, setModes] = useState<Record<string, 'instant' | 'request'>>({});
  const [answer, setAnswer] = useState<{ key: string; value: SlotsAnswer } | null>(null);
  const key = `${type}|${month}|${round}`;

  useEffect(() => {
    if (!type || missing) return;
    let live = true;
    const from = month === minMonth ? today : `${month}-01`;
    // Asked in the task after the choice's (a type tapped, a month turned), so that task only renders it.
    void nextTask()
      .then(loadSupabase)
      .then((client) => readConsultationSlots(client, type, from, lastDay(month)))
      .then((value) => {
        if (!live) return;
        setAnswer({ key, value });
        if (value.ok) {
          const mode = value.bookingMode;
          setModes((m) => (m[type] === mode ? m : { ...m, [type]: mode }));
        } else if (value.missing) setMissing(true);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [type, month, round, missing, minMonth, today, key]);

  const current = answer?.key === key ? answer.value : null;
  return {
    bookingMode: (missing ? 'request' : (modes[type] ?? 'request')) as 'instant' | 'request',
    slots: current?.ok ? current.slots : noSlots,
    timeZone: current?.ok ? current.timeZone : 'Europe/London',
    visitorTimeZone: localTimeZone(),
    loading: !!type && !missing && current === null,
    error: current && !current.ok && !current.missing ? current.message : null,
    month,
    setMonth,
    minMonth,
    maxMonth: addMonths(minMonth, monthsAhead),
    /** Asks again (after a time was taken). */
    reload: () => setRound((r) => r + 1),
  };
}
