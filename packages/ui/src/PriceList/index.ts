export { PriceList, type PriceListProps, type PriceListItem } from './PriceList.tsx';
