export {
  BookingCalendar,
  bookingTimeText,
  slotClock,
  type BookingCalendarProps,
  type BookingSlot,
} from './BookingCalendar.tsx';
export { dayIn, localTimeZone, timeIn } from './zonedTime.ts';
