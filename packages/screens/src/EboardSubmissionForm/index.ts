export * from './EboardSubmissionForm';
