import { Button } from '../Button/Button';
import * as css from './AccountSettings.css';
import { ActionMessage, SettingsSection } from './SettingsSection';
import type { ActionState } from './types';

export interface DataExportPanelProps {
  onDownload: () => void;
  state: ActionState;
}

/** "Download my data": everything the site holds about the user as one JSON file (UK GDPR right of access). */
export function DataExportPanel({ onDownload, state }: DataExportPanelProps) {
  const busy = state.status === 'busy';
  return (
    <SettingsSection
      title="Download my data"
      description="A copy of everything Pentland Cloud holds about you — your account, profile, articles, posters and their scans, consultation requests, messages, E-Board entries, subscriptions and files — as one JSON file."
    >
      <div className={css.actions}>
        <Button variant="secondary" busy={busy} onClick={onDownload}>
          {busy ? 'Preparing your data...' : 'Download my data'}
        </Button>
      </div>
      <ActionMessage state={state} />
    </SettingsSection>
  );
}
