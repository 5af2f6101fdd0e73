export * from './PasswordUpdateForm';
