export * from './ScanAnalytics.tsx';
