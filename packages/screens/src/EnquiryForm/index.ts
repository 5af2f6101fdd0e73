export * from './EnquiryForm.tsx';
