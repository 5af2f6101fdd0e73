export * from './DateRangePicker';
