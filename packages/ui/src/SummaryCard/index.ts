export { SummaryCard, type SummaryCardProps } from './SummaryCard.tsx';
