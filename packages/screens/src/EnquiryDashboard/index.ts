export * from './EnquiryDashboard';
