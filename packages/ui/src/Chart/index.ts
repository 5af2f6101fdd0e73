export * from './Chart.tsx';
