export * from './LayersPanel';
