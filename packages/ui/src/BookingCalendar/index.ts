export {
  BookingCalendar,
  bookingTimeText,
  slotClock,
  type BookingCalendarProps,
  type BookingSlot,
} from './BookingCalendar.tsx';
