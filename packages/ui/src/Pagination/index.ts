export { Pagination, pageWindow, type PaginationProps } from './Pagination.tsx';
