export * from './LayerProperties.tsx';
