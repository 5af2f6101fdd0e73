// GET /functions/v1/consultation-slots?type=<consultation_services.id>&from=YYYY-MM-DD&to=YYYY-MM-DD — the free
// times of a consultation type between two London days, computed from the availability the administrators set and
// the bookings already made (@pentland/enquiries availableSlots). Anyone may ask (the anon key).
// → 200 { timeZone, bookingMode, slots: [{ start, end }] } (UTC instants) | 400/422 { error, code } | 405
import { availableSlots, businessTimeZone, isCalendarDay } from '@pentland/enquiries';
import { availabilityFor, typeById } from '../_shared/booking.ts';
import { HttpError, reply, serve } from '../_shared/http.ts';

/** The longest span one call may ask about, in days. */
const maxSpanDays = 92;

serve(async (req) => {
  if (req.method !== 'GET') throw new HttpError(405, 'Method not allowed', { code: 'method_not_allowed' });
  const q = new URL(req.url).searchParams;
  const typeId = q.get('type')?.trim() ?? '';
  const from = q.get('from')?.trim() ?? '';
  const to = q.get('to')?.trim() ?? '';
  if (!typeId) throw new HttpError(400, 'Choose a consultation type (type=<id>)', { code: 'missing_type' });
  if (!from || !to)
    throw new HttpError(400, 'Give the days to look at (from=YYYY-MM-DD&to=YYYY-MM-DD)', {
      code: 'missing_range',
    });
  if (!isCalendarDay(from) || !isCalendarDay(to))
    throw new HttpError(422, 'Days must be real dates written YYYY-MM-DD', { code: 'bad_date' });
  if (to < from) throw new HttpError(422, 'The last day comes before the first', { code: 'bad_range' });
  if ((Date.parse(to) - Date.parse(from)) / 86_400_000 >= maxSpanDays)
    throw new HttpError(422, `Ask for at most ${maxSpanDays} days at a time`, { code: 'range_too_long' });
  const type = await typeById(typeId);
  if (!type)
    throw new HttpError(422, 'That consultation type is not offered; choose one from the list', {
      code: 'unknown_type',
    });
  const input = await availabilityFor(type, { from, to, now: new Date() });
  return reply({
    timeZone: businessTimeZone,
    bookingMode: type.bookingMode,
    slots: availableSlots(input, from, to),
  });
});
