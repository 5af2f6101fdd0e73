export { ArticleView, type ArticleViewProps } from './ArticleView.tsx';
export { ArticleCard, type ArticleCardProps } from './ArticleCard.tsx';
export { LatestArticles, type LatestArticlesProps } from './LatestArticles.tsx';
export { prose as proseClass } from './Article.css.ts';
