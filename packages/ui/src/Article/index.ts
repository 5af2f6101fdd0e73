export { ArticleView, type ArticleViewProps } from './ArticleView';
export { ArticleCard, type ArticleCardProps } from './ArticleCard';
export { LatestArticles, type LatestArticlesProps } from './LatestArticles';
export { prose as proseClass } from './Article.css';
