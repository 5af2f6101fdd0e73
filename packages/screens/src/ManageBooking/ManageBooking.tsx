import { useState } from 'react';
import { contact as companyContact, mailtoHref, telHref } from '@pentland/site-data';
import {
  Alert,
  BookingCalendar,
  Button,
  ButtonLink,
  Card,
  ConfirmDialog,
  Inline,
  Link,
  Spinner,
  Stack,
  Text,
  bookingTimeText,
  type BookingSlot,
} from '@pentland/ui';
import * as css from './ManageBooking.css.ts';

/** A booked consultation as its manage link shows it. */
export interface ManagedBookingView {
  reference: string;
  typeName: string;
  start: string;
  end: string;
  /** The zone the booking's times are in ('Europe/London'). */
  timeZone: string;
  status: 'confirmed' | 'cancelled';
  /** Whether it can still be changed or cancelled online (before the cut-off). */
  canChange: boolean;
  cutoff: string;
  contact?: { phone: string; email: string };
}

export type ManageBookingState =
  /** Opened without a booking's link (no `token`): how to manage a booking. */
  | { state: 'none' }
  | { state: 'loading' }
  | { state: 'invalid' }
  | { state: 'expired' }
  | { state: 'error'; message: string }
  | { state: 'ready'; booking: ManagedBookingView };

/** The free times to move the booking to (the same consultation type). */
export interface RescheduleCalendar {
  slots: readonly BookingSlot[];
  month: string;
  onMonthChange: (month: string) => void;
  minMonth?: string;
  maxMonth?: string;
  loading?: boolean;
  error?: string | null;
}

export interface ManageBookingProps {
  view: ManageBookingState;
  /** The visitor's zone: times also show in it when its clock differs. */
  visitorTimeZone?: string;
  /** Cancels the booking; throws with the message to show when it could not. */
  onCancel: () => Promise<void>;
  /** Moves the booking to a free time's start; throws with the message to show when it could not. */
  onReschedule: (start: string) => Promise<void>;
  /** Opens the choice of another time (the page loads the free times then). */
  onStartReschedule?: () => void;
  reschedule?: RescheduleCalendar | null;
  /** A problem with the last change (e.g. the time was just taken), and the nearest free times to pick instead. */
  problem?: { message: string; nearest?: readonly BookingSlot[] } | null;
  /** Where a visitor books again. */
  bookHref?: string;
}

/** The company's phone and e-mail (site-data's). */
function ContactUs() {
  return (
    <Text>
      Call us on <Link to={telHref}>{companyContact.phone}</Link> or e-mail{' '}
      <Link to={mailtoHref}>{companyContact.email}</Link>, Monday to Friday, 09:00 to 17:00.
    </Text>
  );
}

/** What the page says when it shows no booking: opened without a link, a link that does not work or has expired, or a failure. */
function noticeFor(view: Exclude<ManageBookingState, { state: 'ready' | 'loading' }>): {
  title: string;
  text: string;
} {
  switch (view.state) {
    case 'none':
      return {
        title: 'Open the link in your confirmation e-mail',
        text: "Each booking's confirmation e-mail has its own link to this page, where you can see the consultation, move it to another free time or cancel it, up to the cut-off the e-mail gives. Cannot find the e-mail? Contact us:",
      };
    case 'invalid':
      return {
        title: 'This link does not work',
        text: 'Check that you opened the whole link from your confirmation e-mail. To change or cancel a booking, contact us:',
      };
    case 'expired':
      return {
        title: 'This link has expired',
        text: 'Links to manage a booking stop working once the consultation has passed. To talk to us, contact us:',
      };
    case 'error':
      return { title: 'Your booking could not be loaded', text: view.message };
  }
}

/** /bookings/manage: a booked consultation from its e-mail's link — see it, cancel it or move it before the cut-off. */
export function ManageBooking({
  view,
  visitorTimeZone,
  onCancel,
  onReschedule,
  onStartReschedule,
  reschedule,
  problem,
  bookHref = '/consultation-request',
}: ManageBookingProps) {
  const [confirming, setConfirming] = useState(false);
  const [choosing, setChoosing] = useState(false);
  const [chosen, setChosen] = useState<BookingSlot | null>(null);
  const [moving, setMoving] = useState(false);

  if (view.state === 'loading') return <Spinner label="Loading your booking..." showLabel />;
  if (view.state !== 'ready') {
    const notice = noticeFor(view);
    return (
      <Card as="section" title={notice.title} titleAs="h2" padding="large">
        <Stack gap="4">
          <Text>{notice.text}</Text>
          <ContactUs />
          <div>
            <ButtonLink to={bookHref}>Book a consultation</ButtonLink>
          </div>
        </Stack>
      </Card>
    );
  }

  const b = view.booking;
  const when = (iso: string) => bookingTimeText(iso, b.timeZone, visitorTimeZone);
  const cancelled = b.status === 'cancelled';
  const pick = (s: BookingSlot) => setChosen(s);
  const move = async () => {
    if (!chosen) return;
    setMoving(true);
    try {
      await onReschedule(chosen.start);
      setChoosing(false);
      setChosen(null);
    } catch {
      // The page shows the problem.
    } finally {
      setMoving(false);
    }
  };

  return (
    <Card
      as="section"
      title={cancelled ? 'This booking is cancelled' : 'Your consultation is booked'}
      titleAs="h2"
      padding="large"
    >
      <Stack gap="4">
        <dl className={css.facts}>
          <dt>Consultation</dt>
          <dd>{b.typeName}</dd>
          <dt>Time</dt>
          <dd className={cancelled ? css.struck : undefined}>{when(b.start)}</dd>
          <dt>Reference</dt>
          <dd className={css.reference}>{b.reference}</dd>
        </dl>
        {problem && (
          <Alert tone="error" title={problem.message}>
            {problem.nearest && problem.nearest.length > 0 && (
              <Inline gap="2">
                {problem.nearest.map((s) => (
                  <Button key={s.start} size="small" variant="secondary" onClick={() => pick(s)}>
                    {when(s.start)}
                  </Button>
                ))}
              </Inline>
            )}
          </Alert>
        )}
        {cancelled ? (
          <>
            <Text>We have let the team know. You are welcome to book another time whenever suits you.</Text>
            <div>
              <ButtonLink to={bookHref}>Book a consultation</ButtonLink>
            </div>
          </>
        ) : b.canChange ? (
          <>
            <Text tone="muted">You can move or cancel it here until {when(b.cutoff)}.</Text>
            <Inline gap="2">
              <Button
                variant="secondary"
                aria-expanded={choosing}
                onClick={() => {
                  setChoosing(!choosing);
                  setChosen(null);
                  if (!choosing) onStartReschedule?.();
                }}
              >
                {choosing ? 'Keep this time' : 'Choose another time'}
              </Button>
              <Button variant="critical" onClick={() => setConfirming(true)}>
                Cancel booking
              </Button>
            </Inline>
            {choosing && reschedule && (
              <Stack gap="3">
                <BookingCalendar
                  label="Choose another day and time"
                  slots={reschedule.slots}
                  timeZone={b.timeZone}
                  visitorTimeZone={visitorTimeZone}
                  month={reschedule.month}
                  onMonthChange={reschedule.onMonthChange}
                  minMonth={reschedule.minMonth}
                  maxMonth={reschedule.maxMonth}
                  loading={reschedule.loading}
                  error={reschedule.error}
                  value={chosen?.start ?? null}
                  onChange={pick}
                />
              </Stack>
            )}
            {chosen && (
              <Inline gap="2" align="center">
                <Text>
                  New time: <strong>{when(chosen.start)}</strong>
                </Text>
                <Button busy={moving} onClick={() => void move()}>
                  Move my booking
                </Button>
              </Inline>
            )}
          </>
        ) : (
          <>
            <Text>
              It is too late to change or cancel this booking online (the cut-off was {when(b.cutoff)}). To
              change it, contact us:
            </Text>
            <ContactUs />
          </>
        )}
      </Stack>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Cancel this booking?"
        description={`${b.typeName}, ${when(b.start)}. The time goes back on the calendar for others.`}
        confirmLabel="Cancel booking"
        cancelLabel="Keep it"
        tone="critical"
        onConfirm={onCancel}
      />
    </Card>
  );
}
