import { useCallback, useEffect, useMemo, useState } from 'react';
import { checkDayOff, checkTypeBooking, checkWorkingWeek, type WorkingHours } from '@pentland/enquiries';
import type { TypeBookingDraft, TypeBookingErrors, WorkingDayDraft } from '@pentland/screens';
import { ukToday } from '../../lib/forms.ts';
import { loadSupabase } from '../../lib/supabase.ts';
import {
  addDayOff,
  readAvailability,
  removeDayOff,
  saveTypeBooking,
  saveWorkingHours,
  type AvailabilitySettings,
} from './availabilityData.ts';

const longDay = (day: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  })
    .format(new Date(`${day}T12:00:00Z`))
    .replace(',', '');

function weekDrafts(hours: readonly WorkingHours[]): WorkingDayDraft[] {
  return [1, 2, 3, 4, 5, 6, 7].map((weekday) => {
    const h = hours.find((x) => x.weekday === weekday);
    return { weekday, open: !!h, opens: h?.opens ?? '09:00', closes: h?.closes ?? '17:00' };
  });
}

/** The booking calendar's settings for the administrators: read, check with @pentland/enquiries, write. */
export function useAvailability() {
  const [settings, setSettings] = useState<AvailabilitySettings | null>(null);
  const [state, setState] = useState<'loading' | 'error' | 'ready'>('loading');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [weekErrors, setWeekErrors] = useState<Record<number, string>>({});
  const [typeErrors, setTypeErrors] = useState<{ id: string; errors: TypeBookingErrors } | null>(null);
  const [dayOffErrors, setDayOffErrors] = useState<{ date?: string; reason?: string }>({});

  const load = useCallback(async () => {
    const read = await readAvailability(await loadSupabase(), ukToday());
    setSettings(read);
    setState(read ? 'ready' : 'error');
  }, []);
  useEffect(() => {
    const t = setTimeout(() => void load(), 0);
    return () => clearTimeout(t);
  }, [load]);

  /** Runs a write, then shows its outcome and reads the settings again. */
  const write = async (run: () => Promise<{ message: string } | null>, done: string) => {
    setBusy(true);
    const error = await run();
    setBusy(false);
    setMessage(error ? { tone: 'error', text: error.message } : { tone: 'success', text: done });
    await load();
    return !error;
  };

  const saveWeek = async (week: WorkingDayDraft[]) => {
    const checked = checkWorkingWeek(week);
    if (!checked.ok) return setWeekErrors(checked.errors);
    setWeekErrors({});
    await write(async () => saveWorkingHours(await loadSupabase(), checked.hours), 'Working hours saved.');
  };

  const saveType = async (id: string, draft: TypeBookingDraft) => {
    const checked = checkTypeBooking(draft);
    if (!checked.ok) return setTypeErrors({ id, errors: checked.errors });
    setTypeErrors(null);
    const name = settings?.types.find((t) => t.id === id)?.name ?? 'The type';
    await write(async () => saveTypeBooking(await loadSupabase(), id, checked.row), `${name} saved.`);
  };

  const addDay = async (draft: { date: string; reason: string }) => {
    const checked = checkDayOff(draft, ukToday(), settings?.daysOff.map((d) => d.day) ?? []);
    if (!checked.ok) {
      setDayOffErrors(checked.errors);
      return false;
    }
    setDayOffErrors({});
    return write(
      async () => addDayOff(await loadSupabase(), checked.row),
      `${longDay(checked.row.day)} is off.`,
    );
  };

  const removeDay = async (id: string) => {
    await write(async () => removeDayOff(await loadSupabase(), id), 'Day off removed.');
  };

  // New arrays only when the settings change, so the editor keeps what is being typed.
  const week = useMemo(() => weekDrafts(settings?.hours ?? []), [settings]);
  const types = useMemo(
    () =>
      (settings?.types ?? []).map((t) => ({
        id: t.id,
        name: t.name,
        bookingMode: t.booking_mode,
        durationMinutes: String(t.duration_minutes),
        bufferBeforeMinutes: String(t.buffer_before_minutes),
        bufferAfterMinutes: String(t.buffer_after_minutes),
        minNoticeMinutes: String(t.min_notice_minutes),
        horizonDays: String(t.horizon_days),
        dailyCap: t.daily_cap === null ? '' : String(t.daily_cap),
      })),
    [settings],
  );
  const daysOff = useMemo(
    () =>
      (settings?.daysOff ?? []).map((d) => ({
        id: d.id,
        date: d.day,
        label: longDay(d.day),
        reason: d.reason ?? '',
      })),
    [settings],
  );

  return {
    state,
    busy,
    message,
    retry: () => void load(),
    week,
    types,
    daysOff,
    weekErrors,
    typeErrors,
    dayOffErrors,
    saveWeek: (w: WorkingDayDraft[]) => void saveWeek(w),
    saveType: (id: string, d: TypeBookingDraft) => void saveType(id, d),
    addDay,
    removeDay: (id: string) => void removeDay(id),
  };
}
