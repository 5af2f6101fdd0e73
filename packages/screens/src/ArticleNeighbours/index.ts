export * from './ArticleNeighbours.tsx';
