export * from './ContactForm.tsx';
