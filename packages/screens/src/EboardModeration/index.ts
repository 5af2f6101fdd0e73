export * from './EboardModeration.tsx';
