export * from './ArticleSharePreview.tsx';
