/** The calendar file attached to a consultation confirmation (RFC 5545, written by the `ics` library). */
import { createEvent } from 'ics';

export interface ConsultationEvent {
  /** Stable across re-sends, e.g. '<consultation id>@pentlandcloud.co.uk'. */
  uid: string;
  title: string;
  description: string;
  location: string;
  /** ISO instants (UTC). */
  start: string;
  end: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
  /** The request is not confirmed until the company schedules it. */
  status?: 'TENTATIVE' | 'CONFIRMED' | 'CANCELLED';
  /** When the request was made (DTSTAMP/CREATED). */
  created?: string;
}

export const icsContentType = 'text/calendar; charset=utf-8; method=PUBLISH';

export function consultationIcs(e: ConsultationEvent): string {
  const start = Date.parse(e.start);
  const end = Date.parse(e.end);
  if (!Number.isFinite(start) || !Number.isFinite(end) || end <= start)
    throw new RangeError('The event needs a start before its end');
  const { error, value } = createEvent({
    productId: 'pentlandcloud/consultations',
    method: 'PUBLISH',
    uid: e.uid,
    title: e.title,
    description: e.description,
    location: e.location,
    start,
    startInputType: 'utc',
    startOutputType: 'utc',
    end,
    endInputType: 'utc',
    endOutputType: 'utc',
    status: e.status ?? 'TENTATIVE',
    busyStatus: 'BUSY',
    organizer: e.organizer,
    attendees: [{ ...e.attendee, rsvp: false, role: 'REQ-PARTICIPANT', partstat: 'ACCEPTED' }],
    ...(e.created ? { created: Date.parse(e.created) } : {}),
  });
  if (error || !value) throw error ?? new Error('Could not write the calendar file');
  return value;
}
