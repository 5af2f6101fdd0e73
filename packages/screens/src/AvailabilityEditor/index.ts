export * from './AvailabilityEditor.tsx';
