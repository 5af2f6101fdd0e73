/**
 * The calendar file attached to a consultation's mails (RFC 5545, written by the `ics` library). A request is
 * PUBLISHed (a tentative copy of the time asked for); a booking is an iTIP invitation (RFC 5546): METHOD:REQUEST
 * with SEQUENCE 0, a reschedule REQUEST with the same UID and the next SEQUENCE, a cancellation METHOD:CANCEL with
 * the same UID, the next SEQUENCE and STATUS:CANCELLED — so the visitor's calendar updates the one event.
 */
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
  /** PUBLISH (default) for a request; REQUEST for a booking and its changes; CANCEL when it is cancelled. */
  method?: IcsMethod;
  /** How many times the event was changed since it was first sent (0 first). */
  sequence?: number;
}

export type IcsMethod = 'PUBLISH' | 'REQUEST' | 'CANCEL';

export const icsContentType = 'text/calendar; charset=utf-8; method=PUBLISH';

/** The attachment's content type for a method (mail clients read `method=` to offer the calendar's buttons). */
export function icsContentTypeFor(method: IcsMethod = 'PUBLISH'): string {
  return `text/calendar; charset=utf-8; method=${method}`;
}

export function consultationIcs(e: ConsultationEvent): string {
  const start = Date.parse(e.start);
  const end = Date.parse(e.end);
  if (!Number.isFinite(start) || !Number.isFinite(end) || end <= start)
    throw new RangeError('The event needs a start before its end');
  const method = e.method ?? 'PUBLISH';
  const sequence = e.sequence ?? 0;
  if (!Number.isInteger(sequence) || sequence < 0) throw new RangeError('SEQUENCE is a whole number from 0');
  const { error, value } = createEvent({
    productId: 'pentlandcloud/consultations',
    method,
    uid: e.uid,
    sequence,
    title: e.title,
    description: e.description,
    location: e.location,
    start,
    startInputType: 'utc',
    startOutputType: 'utc',
    end,
    endInputType: 'utc',
    endOutputType: 'utc',
    status:
      method === 'CANCEL' ? 'CANCELLED' : (e.status ?? (method === 'REQUEST' ? 'CONFIRMED' : 'TENTATIVE')),
    busyStatus: 'BUSY',
    organizer: e.organizer,
    attendees: [{ ...e.attendee, rsvp: false, role: 'REQ-PARTICIPANT', partstat: 'ACCEPTED' }],
    ...(e.created ? { created: Date.parse(e.created) } : {}),
  });
  if (error || !value) throw error ?? new Error('Could not write the calendar file');
  return value;
}
