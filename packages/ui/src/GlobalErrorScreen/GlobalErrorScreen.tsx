import { Button } from '../Button/Button.tsx';
import { StatusPanel } from '../StatusPanel/StatusPanel.tsx';

export interface GlobalErrorScreenProps {
  /** 'Refresh Page' calls this; the app reloads the page. */
  onRefresh: () => void;
}

/** Shown on an unrecoverable failure. */
export function GlobalErrorScreen({ onRefresh }: GlobalErrorScreenProps) {
  return (
    <StatusPanel
      title="Something went wrong"
      icon="!"
      tone="critical"
      role="alert"
      actions={
        <Button variant="primary" onClick={onRefresh}>
          Refresh Page
        </Button>
      }
    >
      <p>We apologize for the inconvenience. Please try refreshing the page.</p>
    </StatusPanel>
  );
}
