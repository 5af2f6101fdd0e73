import { messages } from '@pentland/auth-machine';
import { Button, StatusPanel } from '@pentland/ui';
import * as css from '../Guards/Guards.css.ts';

export interface AccessDeniedProps {
  /** The signed-in e-mail. */
  email: string | null;
  /** Return to Homepage: the admin guard's `goHome()`. */
  onReturnHome: () => void;
}

/** The admin guard's page for a signed-in user who is not an admin. */
export function AccessDenied({ email, onReturnHome }: AccessDeniedProps) {
  return (
    <StatusPanel
      title={messages.accessDenied}
      icon="!"
      tone="critical"
      role="alert"
      actions={<Button onClick={onReturnHome}>{messages.returnToHomepage}</Button>}
    >
      <p>{messages.noAdminPrivileges}</p>
      {email && (
        <p>
          Signed in as <span className={css.email}>{email}</span>
        </p>
      )}
      <p>{messages.contactAdministrator}</p>
    </StatusPanel>
  );
}
