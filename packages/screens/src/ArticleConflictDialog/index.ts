export { ArticleConflictDialog, type ArticleConflictDialogProps } from './ArticleConflictDialog.tsx';
