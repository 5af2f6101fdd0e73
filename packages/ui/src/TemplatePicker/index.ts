export * from './TemplatePicker';
