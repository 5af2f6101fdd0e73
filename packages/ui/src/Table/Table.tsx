import type { Key, ReactNode } from 'react';
import * as css from './Table.css.ts';

export interface TableColumn<Row> {
  key: string;
  header: ReactNode;
  /** The cell for a row; by default `row[key]`. */
  render?: (row: Row) => ReactNode;
  align?: 'left' | 'right' | 'center';
  /** The column's sort state, announced on its header (`aria-sort`). */
  sort?: 'ascending' | 'descending' | 'none';
  /** The cell's label when rows show as cards (`cardsOnPhones`); by default the header, if it is text. */
  label?: string;
}

export interface TableProps<Row> {
  /** Names the table for assistive technology (and shows as its title). */
  caption: ReactNode;
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  /** Shown in place of rows when there are none. */
  emptyText?: ReactNode;
  /** Below the tablet breakpoint, each row shows as a card of labelled cells instead of scrolling sideways. */
  cardsOnPhones?: boolean;
}

/** A data table for the dashboards; scrolls sideways on narrow screens, or shows its rows as cards there. */
export function Table<Row>({
  caption,
  columns,
  rows,
  rowKey,
  emptyText = 'Nothing to show yet.',
  cardsOnPhones = false,
}: TableProps<Row>) {
  return (
    <div
      className={cardsOnPhones ? `${css.scroller} ${css.cards}` : css.scroller}
      role="region"
      aria-label={typeof caption === 'string' ? caption : undefined}
      // A region that scrolls sideways must be reachable by keyboard (axe: scrollable-region-focusable).
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
    >
      <table className={css.table}>
        <caption className={css.caption}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th
                key={c.key}
                scope="col"
                aria-sort={c.sort}
                className={css.cell({ align: c.align, head: true })}
              >
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className={css.empty}>
                {emptyText}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)} className={css.row}>
                {columns.map((c) => (
                  <td
                    key={c.key}
                    className={css.cell({ align: c.align })}
                    data-label={c.label ?? (typeof c.header === 'string' ? c.header : undefined)}
                  >
                    {c.render ? c.render(row) : String((row as Record<string, unknown>)[c.key] ?? '')}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
