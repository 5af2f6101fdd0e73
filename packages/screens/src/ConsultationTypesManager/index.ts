export * from './ConsultationTypesManager.tsx';
