export * from './EnquiryForm';
