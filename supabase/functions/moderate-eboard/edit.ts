// moderate-eboard's `edit` action: { action: 'edit', id, title, message, displayFrom, displayUntil, schedule,
// displaySeconds } — an administrator's change to an entry's text, display dates, time-of-day windows and seconds in
// the rotation. Checked with @pentland/enquiries' schedule rule (a window with its end before its start, an unknown
// weekday, a time that is no time, a schedule that never opens on the dates: 422 with the field's message), then
// written as the caller, so RLS (administrators only) and the database's own checks decide again.
import {
  checkDisplaySeconds,
  checkSchedule,
  scheduleMeetsDates,
  scheduleNeverShows,
} from '@pentland/enquiries';
import { HttpError, rest } from '../_shared/http.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const isDay = (v: string) => DAY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));

function text(v: unknown): string {
  return typeof v === 'string' ? v.trim() : '';
}

export async function editEntry(body: Record<string, unknown>, token: string) {
  const id = body.id;
  if (typeof id !== 'string' || !UUID.test(id)) throw new HttpError(400, 'id must be an entry id');
  const fields: Record<string, string> = {};
  const title = text(body.title);
  const message = text(body.message);
  if (!title) fields.title = 'Enter a title';
  else if (title.length > 200) fields.title = 'The title must be 200 characters or fewer';
  if (!message) fields.message = 'Enter a message';
  else if (message.length > 2000) fields.message = 'The message must be 2000 characters or fewer';
  const from = text(body.displayFrom);
  const until = text(body.displayUntil);
  if (from && !isDay(from)) fields.displayFrom = 'Enter the first day as a date';
  if (until && !isDay(until)) fields.displayUntil = 'Enter the last day as a date';
  else if (from && until && until < from)
    fields.displayUntil = 'The last day must be on or after the first day';
  const schedule = checkSchedule(body.schedule);
  if ('error' in schedule) fields.schedule = schedule.error;
  const seconds = checkDisplaySeconds(body.displaySeconds);
  if ('error' in seconds) fields.displaySeconds = seconds.error;
  if (
    !fields.schedule &&
    !fields.displayFrom &&
    !fields.displayUntil &&
    'value' in schedule &&
    !scheduleMeetsDates({ displayFrom: from || null, displayUntil: until || null, schedule: schedule.value })
  )
    fields.schedule = scheduleNeverShows;
  const problems = Object.values(fields);
  if (problems.length) throw new HttpError(422, problems.join(' · '), { fields });
  const { data, error } = await rest<{ id: string; reference: string; status: string }[]>(
    `eboard_submissions?id=eq.${id}&select=id,reference,status`,
    {
      method: 'PATCH',
      token,
      prefer: 'return=representation',
      body: {
        title,
        description: message,
        display_from: from || null,
        display_until: until || null,
        schedule: 'value' in schedule && schedule.value.length ? schedule.value : null,
        display_seconds: 'value' in seconds ? seconds.value : null,
      },
    },
  );
  if (error) throw new HttpError(422, error.message ?? 'The entry could not be saved');
  if (!data?.length) throw new HttpError(404, 'No such entry');
  return { updated: data, failed: [], mailed: 0 };
}
