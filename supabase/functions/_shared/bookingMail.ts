// The mails of a booking — booked, moved, cancelled, reminded — to the visitor and the company's copy to the
// notification address, each with the booking's calendar invitation: one UID per booking (from its id), METHOD
// REQUEST while it stands and CANCEL when it is cancelled, SEQUENCE counting the changes (RFC 5546).
import { formatSlot, formatTime, londonParts } from '@pentland/enquiries';
import { consultationIcs, icsContentTypeFor, type IcsMethod } from '@pentland/enquiries/ics';
import { company, notifyAddress, signature } from './company.ts';
import { renderMail, sendAll, type Mail, type MailAttachment } from './mail.ts';

export interface BookingFacts {
  id: string;
  reference: string;
  name: string;
  email: string;
  typeName: string;
  durationMinutes: number;
  start: string;
  end: string;
  sequence: number;
}

/** A booking's row as the consultations table stores it, the part a mail needs. */
export interface BookingRow {
  id: string;
  reference: string;
  name: string;
  email: string;
  preferred_start: string;
  preferred_end: string;
  sequence: number;
}

/** What a booking's mails say, from its row and its consultation type. */
export const bookingFacts = (
  row: BookingRow,
  type: { name: string; durationMinutes: number },
): BookingFacts => ({
  id: row.id,
  reference: row.reference,
  name: row.name,
  email: row.email,
  typeName: type.name,
  durationMinutes: type.durationMinutes,
  start: new Date(row.preferred_start).toISOString(),
  end: new Date(row.preferred_end).toISOString(),
  sequence: row.sequence,
});

/** 'Tuesday 1 December 2026 at 10:00 (UK time)' for an instant. */
export function whenText(start: string | Date): string {
  const at = londonParts(new Date(start));
  return formatSlot(`${at.date}T${formatTime(at.minute)}`);
}

export const bookingUid = (id: string) => `${id}@pentlandcloud.co.uk`;

export function bookingInvite(b: BookingFacts, method: Exclude<IcsMethod, 'PUBLISH'>): MailAttachment {
  return {
    filename: `consultation-${b.reference}.ics`,
    content: consultationIcs({
      uid: bookingUid(b.id),
      title: `${company.name} consultation: ${b.typeName} (${b.reference})`,
      description: `Your consultation with ${company.name}, reference ${b.reference}.\n${signature}`,
      location: company.address,
      start: b.start,
      end: b.end,
      organizer: { name: company.name, email: company.email },
      attendee: { name: b.name, email: b.email },
      method,
      sequence: b.sequence,
    }),
    contentType: icsContentTypeFor(method),
  };
}

export type BookingNews =
  | { kind: 'booked'; manageUrl: string; cutoff: string; extraRows?: [string, string][] }
  | { kind: 'moved'; from: string; reason?: string | null; manageUrl: string }
  | { kind: 'cancelled'; reason?: string | null; byCompany: boolean }
  | { kind: 'reminder'; lead: '24h' | '1h' };

/** Mails the visitor and the company about a booking; true when both went out. */
export function mailBooking(b: BookingFacts, news: BookingNews): Promise<boolean> {
  const when = whenText(b.start);
  const rows: [string, string][] = [
    ['Reference', b.reference],
    ['Consultation', `${b.typeName} (${b.durationMinutes} minutes)`],
    [news.kind === 'cancelled' ? 'Was booked for' : 'Time', when],
  ];
  const invite = bookingInvite(b, news.kind === 'cancelled' ? 'CANCEL' : 'REQUEST');
  let subject: string;
  let heading: string;
  let paragraphs: string[];
  let companySubject: string;
  /** The visitor's own link, never in the company's copy. */
  let link: string | null = null;
  switch (news.kind) {
    case 'booked':
      subject = `Your consultation ${b.reference} is booked — ${company.name}`;
      heading = `Thank you, ${b.name} — your consultation is booked`;
      paragraphs = [
        `Your ${b.typeName} is booked for ${when}. The invitation attached adds it to your calendar.`,
      ];
      link = `To move or cancel it (until ${whenText(news.cutoff)}), use your booking link: ${news.manageUrl}`;
      rows.push(...(news.extraRows ?? []));
      companySubject = `New booking ${b.reference}: ${b.name}, ${when}`;
      break;
    case 'moved':
      subject = `Your consultation ${b.reference} has moved — ${company.name}`;
      heading = `Your consultation is now ${when}`;
      paragraphs = [
        `Your ${b.typeName} has moved from ${whenText(news.from)} to ${when}. The invitation attached updates your calendar.`,
        ...(news.reason ? [`Reason: ${news.reason}`] : []),
      ];
      link = `To move or cancel it again, use your booking link: ${news.manageUrl}`;
      companySubject = `Booking ${b.reference} moved: ${b.name}, ${when}`;
      break;
    case 'cancelled':
      subject = `Your consultation ${b.reference} is cancelled — ${company.name}`;
      heading = `Your consultation on ${when} is cancelled`;
      paragraphs = [
        news.byCompany
          ? `We are sorry: we had to cancel your ${b.typeName} on ${when}.`
          : `As you asked, your ${b.typeName} on ${when} is cancelled.`,
        ...(news.reason ? [`Reason: ${news.reason}`] : []),
        'The attachment removes it from your calendar. Book again any time on our website, or phone us.',
      ];
      companySubject = `Booking ${b.reference} cancelled: ${b.name}, ${when}`;
      break;
    case 'reminder':
      subject = `Reminder: your consultation ${b.reference} is ${news.lead === '24h' ? 'tomorrow' : 'in an hour'} — ${company.name}`;
      heading = `See you ${news.lead === '24h' ? 'tomorrow' : 'soon'}, ${b.name}`;
      paragraphs = [`Your ${b.typeName} is ${when}.`];
      companySubject = `Reminder sent for ${b.reference}: ${b.name}, ${when}`;
      break;
  }
  const toVisitor = renderMail({
    heading,
    paragraphs: link ? [...paragraphs, link] : paragraphs,
    rows,
    footer: signature,
  });
  const mails: Mail[] = [
    {
      to: b.email,
      subject,
      ...toVisitor,
      replyTo: company.email,
      // A reminder changes nothing in the calendar, so it carries no invitation.
      ...(news.kind === 'reminder' ? {} : { attachments: [invite] }),
    },
  ];
  if (news.kind !== 'reminder')
    mails.push({
      to: notifyAddress(),
      subject: companySubject,
      ...renderMail({
        heading: companySubject,
        paragraphs,
        rows: [...rows, ['Name', b.name], ['E-mail', b.email]],
      }),
      replyTo: b.email,
      attachments: [invite],
    });
  return sendAll(mails);
}
