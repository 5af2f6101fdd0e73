export { AdminAccessRequired, type AdminAccessRequiredProps } from './AdminAccessRequired.tsx';
