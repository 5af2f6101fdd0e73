import { ManageBooking } from '@pentland/screens';
import { useManageBooking } from './useManageBooking.ts';

/**
 * The booking its e-mail's link names (`?token=…`), with cancelling it and moving it to another free time: the part
 * of /bookings/manage that runs (an island there).
 */
export default function ManageBookingIsland() {
  const m = useManageBooking();
  return (
    <ManageBooking
      view={m.view}
      visitorTimeZone={m.visitorTimeZone}
      onCancel={m.cancel}
      onReschedule={m.reschedule}
      onStartReschedule={m.startReschedule}
      reschedule={m.calendar}
      problem={m.problem}
    />
  );
}
