import type { Key, ReactNode } from 'react';
import { Alert } from '../Alert/Alert.tsx';
import { Button } from '../Button/Button.tsx';
import { Pagination } from '../Pagination/Pagination.tsx';
import { Select, type SelectOption } from '../Select/Select.tsx';
import { Spinner } from '../Spinner/Spinner.tsx';
import { Table, type TableColumn } from '../Table/Table.tsx';
import { TextField } from '../TextField/TextField.tsx';
import * as css from './DataTable.css.ts';

export interface DataTableColumn<Row> extends Omit<TableColumn<Row>, 'sort'> {
  /** The column can be sorted by this key. */
  sortable?: boolean;
}

export interface DataTableFilter {
  id: string;
  label: string;
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
}

export interface DataTableSort {
  key: string;
  ascending: boolean;
}

export type DataTableState = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready' };

export interface DataTableProps<Row> {
  caption: ReactNode;
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  state?: DataTableState;
  onRetry?: () => void;
  search?: { label: string; value: string; onChange: (value: string) => void; placeholder?: string };
  filters?: readonly DataTableFilter[];
  sort?: DataTableSort;
  onSortChange?: (sort: DataTableSort) => void;
  page?: number;
  pageCount?: number;
  onPageChange?: (page: number) => void;
  /** Shown under the table, e.g. '1–10 of 23 articles'. */
  summary?: string;
  emptyText?: ReactNode;
}

/**
 * A data table with a toolbar (search box, filter selects), sortable column headers, pagination and
 * loading / error / empty states. Controlled: the owner fetches rows for the search, filters, sort and page.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  state = { kind: 'ready' },
  onRetry,
  search,
  filters = [],
  sort,
  onSortChange,
  page = 1,
  pageCount = 1,
  onPageChange,
  summary,
  emptyText,
}: DataTableProps<Row>) {
  const tableColumns: TableColumn<Row>[] = columns.map((c) => {
    if (!c.sortable || !onSortChange) return c;
    const active = sort?.key === c.key;
    const direction = active ? (sort!.ascending ? 'ascending' : 'descending') : 'none';
    return {
      ...c,
      sort: direction,
      header: (
        <button
          type="button"
          className={css.sortButton}
          onClick={() => onSortChange({ key: c.key, ascending: active ? !sort!.ascending : true })}
        >
          {c.header}
          <span aria-hidden="true">
            {direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕'}
          </span>
        </button>
      ),
    };
  });
  return (
    <div className={css.root}>
      {(search || filters.length > 0) && (
        <div className={css.toolbar}>
          {search && (
            <TextField
              type="search"
              label={search.label}
              value={search.value}
              placeholder={search.placeholder}
              onChange={(e) => search.onChange(e.target.value)}
            />
          )}
          {filters.map((f) => (
            <Select
              key={f.id}
              label={f.label}
              value={f.value}
              options={f.options}
              onValueChange={f.onChange}
            />
          ))}
        </div>
      )}
      {state.kind === 'error' ? (
        <Alert tone="error" title="Could not load the list">
          {state.message}{' '}
          {onRetry && (
            <Button size="small" variant="secondary" onClick={onRetry}>
              Try again
            </Button>
          )}
        </Alert>
      ) : state.kind === 'loading' ? (
        <div className={css.status}>
          <Spinner label="Loading…" showLabel />
        </div>
      ) : (
        <Table caption={caption} columns={tableColumns} rows={rows} rowKey={rowKey} emptyText={emptyText} />
      )}
      {state.kind === 'ready' && onPageChange && (
        <Pagination page={page} pageCount={pageCount} onPageChange={onPageChange} summary={summary} />
      )}
    </div>
  );
}
