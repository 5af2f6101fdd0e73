export { StepList, type StepListProps } from './StepList.tsx';
