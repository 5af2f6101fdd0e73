import { PageHeader, Section } from '@pentland/ui';
import { Island } from '../../lib/island.tsx';
import ManageBookingIsland from './ManageBookingIsland.tsx';

/**
 * /bookings/manage?token=…: a booked consultation from its e-mail's link (not indexed). The booking is the page's one
 * island beside the navigation's and the footer's (site-data's `start: 'islands'`).
 */
export default function ManageBookingPage() {
  return (
    <>
      <PageHeader
        title="Your Booking"
        lead="See your consultation, move it to another free time or cancel it."
      />
      <Section width="medium">
        <Island name="ManageBookingIsland" props={{}}>
          <ManageBookingIsland />
        </Island>
      </Section>
    </>
  );
}
