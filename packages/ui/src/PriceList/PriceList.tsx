import {
  detail as detailClass,
  item,
  list,
  name as nameClass,
  price as priceClass,
  summary as summaryClass,
} from './PriceList.css.ts';

export interface PriceListItem {
  name: string;
  summary?: string;
  /** The headline price, e.g. 'From £1,000'. */
  price: string;
  /** What the price is per, or an alternative, e.g. 'one-off, or £250 a month'. */
  detail?: string;
}

export interface PriceListProps {
  items: readonly PriceListItem[];
  /** The heading level of each item's name (3). */
  titleAs?: 'h3' | 'h4';
  /** Names the list for screen readers. */
  label?: string;
}

/** Tiers or price points side by side on wider screens: name, what it covers, the price and its terms. */
export function PriceList({ items, titleAs: Title = 'h3', label }: PriceListProps) {
  return (
    <ul className={list} aria-label={label}>
      {items.map((entry) => (
        <li key={entry.name} className={item}>
          <Title className={nameClass}>{entry.name}</Title>
          {entry.summary && <p className={summaryClass}>{entry.summary}</p>}
          <p className={priceClass}>{entry.price}</p>
          {entry.detail && <p className={detailClass}>{entry.detail}</p>}
        </li>
      ))}
    </ul>
  );
}
