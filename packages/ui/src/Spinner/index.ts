export { Spinner, PageSpinner, type SpinnerProps, type PageSpinnerProps } from './Spinner.tsx';
