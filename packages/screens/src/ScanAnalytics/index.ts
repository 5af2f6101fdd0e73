export * from './ScanAnalytics';
