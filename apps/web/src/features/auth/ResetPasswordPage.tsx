import { usePasswordUpdate } from '@pentland/auth-machine/react';
import { Section } from '@pentland/ui';
import { PasswordUpdateForm } from '@pentland/screens';

/** /auth/reset-password: the recovery e-mail's link signs the user in; here they choose a new password. */
export default function ResetPasswordPage() {
  const { view, setField, togglePassword, submit } = usePasswordUpdate();
  return (
    <Section tone="muted" width="narrow">
      <PasswordUpdateForm
        view={view}
        onFieldChange={setField}
        onTogglePassword={togglePassword}
        onSubmit={submit}
      />
    </Section>
  );
}
