export {
  DataTable,
  type DataTableColumn,
  type DataTableFilter,
  type DataTableProps,
  type DataTableSort,
  type DataTableState,
} from './DataTable.tsx';
