import { Section } from '@pentland/ui';
import { Island } from '../../lib/island.tsx';
import { ResetPasswordForm } from './ResetPasswordIsland.tsx';

/**
 * /auth/reset-password: the recovery e-mail's link signs the user in; here they choose a new password. Served as
 * islands: the form (with its own session) and the navigation hydrate.
 */
export default function ResetPasswordPage() {
  return (
    <Section tone="muted" width="narrow">
      <Island name="ResetPasswordIsland" props={{}}>
        <ResetPasswordForm />
      </Island>
    </Section>
  );
}
