export { ArticleHistory, type ArticleHistoryProps } from './ArticleHistory.tsx';
