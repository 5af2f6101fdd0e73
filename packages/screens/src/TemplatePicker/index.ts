export * from './TemplatePicker.tsx';
