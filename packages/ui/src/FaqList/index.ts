export { FaqList, type FaqListProps } from './FaqList.tsx';
