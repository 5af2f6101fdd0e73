export * from './LayerProperties';
