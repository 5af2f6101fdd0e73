export * from './ConsultationRequestForm';
