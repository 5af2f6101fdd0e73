export * from './PosterToolbar';
