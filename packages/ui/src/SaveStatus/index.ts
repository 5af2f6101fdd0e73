export { SaveStatus, type SaveStatusProps } from './SaveStatus';
export {
  useAutosave,
  readLocalDraft,
  clearLocalDraft,
  type Autosave,
  type AutosaveOptions,
  type AutosaveStatus,
} from './useAutosave';
