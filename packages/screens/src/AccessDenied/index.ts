export { AccessDenied, type AccessDeniedProps } from './AccessDenied.tsx';
