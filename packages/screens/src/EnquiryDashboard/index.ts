export * from './EnquiryDashboard.tsx';
