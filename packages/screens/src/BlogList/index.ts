export * from './BlogList.tsx';
