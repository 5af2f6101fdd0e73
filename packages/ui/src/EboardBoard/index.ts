export * from './EboardBoard';
