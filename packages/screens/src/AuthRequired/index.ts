export { AuthRequired, type AuthRequiredProps } from './AuthRequired.tsx';
