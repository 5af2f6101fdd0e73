export * from './StatusBadge.tsx';
