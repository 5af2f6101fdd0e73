export { GlobalErrorScreen, type GlobalErrorScreenProps } from './GlobalErrorScreen.tsx';
