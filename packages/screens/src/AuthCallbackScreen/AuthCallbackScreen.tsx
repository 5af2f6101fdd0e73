import type { AuthCallbackView } from '@pentland/auth-machine';
import { Button, Spinner, StatusPanel } from '@pentland/ui';

export type AuthCallbackScreenView = Pick<
  AuthCallbackView,
  'status' | 'title' | 'message' | 'showActions' | 'tryAgainLabel' | 'cancelLabel'
>;

export interface AuthCallbackScreenProps {
  /** `useAuthCallback().view` (or `authCallbackView(snapshot)`). */
  view: AuthCallbackScreenView;
  /** Try Again: `retry()` (the machine goes to /auth). */
  onRetry: () => void;
  /** Cancel: `cancel()` (the machine goes to /). */
  onCancel: () => void;
}

const tones = { loading: 'brand', success: 'positive', error: 'critical' } as const;
const icons = { loading: null, success: '✓', error: '!' } as const;

/** The /auth/callback screen: loading, success or error, a pure view of the callback machine. */
export function AuthCallbackScreen({ view, onRetry, onCancel }: AuthCallbackScreenProps) {
  return (
    <StatusPanel
      title={view.title}
      tone={tones[view.status]}
      icon={icons[view.status] ?? undefined}
      role={view.status === 'error' ? 'alert' : 'status'}
      actions={
        view.showActions ? (
          <>
            <Button onClick={onRetry}>{view.tryAgainLabel}</Button>
            <Button variant="secondary" onClick={onCancel}>
              {view.cancelLabel}
            </Button>
          </>
        ) : undefined
      }
    >
      {view.status === 'loading' && <Spinner size="large" label={view.title} />}
      {view.message && <p>{view.message}</p>}
    </StatusPanel>
  );
}
