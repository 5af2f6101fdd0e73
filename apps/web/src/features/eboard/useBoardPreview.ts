// /eboard-dashboard's preview: the board at a chosen London day and time, worked out from the moderation list with
// the display's own rule (@pentland/enquiries' boardAt): approved entries, most recently approved first, the 50 the
// board view would give that day, then their time-of-day windows.
import { useMemo, useState } from 'react';
import {
  boardAt,
  describeSchedule,
  eboardScheduleLimits,
  formatDay,
  formatTime,
  isShowing,
  londonInstant,
  londonParts,
  type EboardWindow,
} from '@pentland/enquiries';
import type { PreviewEntry } from '@pentland/screens';
import type { Raw } from '../../lib/liveRows.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export function useBoardPreview(rows: readonly Raw[]) {
  const [at, setAt] = useState(() => {
    const now = londonParts(new Date());
    return { date: now.date, time: formatTime(now.minute) };
  });
  const instant =
    DAY.test(at.date) && TIME.test(at.time) && !Number.isNaN(Date.parse(`${at.date}T00:00:00Z`))
      ? londonInstant(at.date, Number(at.time.slice(0, 2)) * 60 + Number(at.time.slice(3)))
      : null;
  const time = instant?.getTime() ?? null;
  const entries = useMemo((): PreviewEntry[] => {
    if (time === null) return [];
    const moment = new Date(time);
    const approved = rows
      .filter((r) => r.status === 'approved')
      .map((r) => ({
        id: r.id as string,
        reference: r.reference as string,
        title: r.title as string,
        approvedAt: Date.parse((r.moderated_at as string | null) ?? '') || 0,
        displayFrom: r.display_from as string | null,
        displayUntil: r.display_until as string | null,
        schedule: r.schedule as EboardWindow[] | null,
        seconds: (r.display_seconds as number | null) ?? eboardScheduleLimits.defaultSeconds,
      }))
      .sort((a, b) => b.approvedAt - a.approvedAt);
    const onItsDates = approved.filter((e) => isShowing({ ...e, schedule: null }, moment)).slice(0, 50);
    return boardAt(onItsDates, moment).map((e) => ({
      id: e.id,
      reference: e.reference,
      title: e.title,
      seconds: e.seconds,
      schedule: describeSchedule(e.schedule),
    }));
  }, [rows, time]);
  return {
    date: at.date,
    time: at.time,
    onChange: setAt,
    when: instant ? `${formatDay(at.date)} at ${at.time}` : null,
    entries,
  };
}
