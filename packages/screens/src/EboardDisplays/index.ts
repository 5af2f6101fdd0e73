export * from './EboardDisplays.tsx';
