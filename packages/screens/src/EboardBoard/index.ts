export * from './EboardBoard.tsx';
