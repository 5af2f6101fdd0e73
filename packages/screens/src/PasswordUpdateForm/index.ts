export * from './PasswordUpdateForm.tsx';
