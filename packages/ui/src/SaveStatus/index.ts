export { SaveStatus, type SaveStatusProps } from './SaveStatus.tsx';
export {
  useAutosave,
  readLocalDraft,
  clearLocalDraft,
  type Autosave,
  type AutosaveOptions,
  type AutosaveStatus,
} from './useAutosave.ts';
