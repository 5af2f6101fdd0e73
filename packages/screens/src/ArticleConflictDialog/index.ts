export {
  ArticleConflictDialog,
  type ArticleConflictDialogProps,
  type ConflictComparison,
} from './ArticleConflictDialog.tsx';
