export * from './ConsultationTypesManager';
