export * from './ManageBooking.tsx';
