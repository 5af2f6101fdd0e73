export { ChoiceDialog, type Choice, type ChoiceDialogProps } from './ChoiceDialog.tsx';
