export * from './LayersPanel.tsx';
