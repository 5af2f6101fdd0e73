export * from './EboardSubmissionForm.tsx';
