export * from './ConsultationRequestForm.tsx';
