export * from './EboardModeration';
