import { Button } from '@pentland/ui';
import * as css from './AccountSettings.css.ts';
import { ActionMessage, SettingsSection } from './SettingsSection.tsx';
import type { ActionState } from './types.ts';

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
