export * from './ConsultationAgenda.tsx';
