export * from './PosterToolbar.tsx';
