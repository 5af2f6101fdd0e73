import { PageHeader, Section } from '@pentland/ui';
import { ManageBooking } from '@pentland/screens';
import { useManageBooking } from './useManageBooking.ts';

/** /bookings/manage?token=…: a booked consultation from its e-mail's link (not indexed). */
export default function ManageBookingPage() {
  const m = useManageBooking();
  return (
    <>
      <PageHeader
        title="Your Booking"
        lead="See your consultation, move it to another free time or cancel it."
      />
      <Section width="medium">
        <ManageBooking
          view={m.view}
          visitorTimeZone={m.visitorTimeZone}
          onCancel={m.cancel}
          onReschedule={m.reschedule}
          onStartReschedule={m.startReschedule}
          reschedule={m.calendar}
          problem={m.problem}
        />
      </Section>
    </>
  );
}
