export { PlanCards, type PlanCardItem, type PlanCardsProps } from './PlanCards.tsx';
