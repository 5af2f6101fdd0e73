export { AuthForm, type AuthFormProps, type AuthFormViewProps } from './AuthForm.tsx';
