import { useAuthForm, type UseAuthFormOptions } from '@pentland/auth-machine/react';
import { AuthForm } from '@pentland/ui';

export interface SignInFormProps {
  /** The form's first mode (sign in unless given). */
  mode?: UseAuthFormOptions['mode'];
  /** Called 1 s after signing in instead of going to /welcome (the guards reload the page). */
  onSuccess?: () => void;
  headingLevel?: 1 | 2;
}

/** The auth form machine rendered by the UI kit's form: on /auth and embedded in the guard pages. */
export function SignInForm({ mode, onSuccess, headingLevel }: SignInFormProps) {
  const { view, setField, switchMode, togglePassword, submit, startSocial } = useAuthForm({
    mode,
    onSuccess,
  });
  return (
    <AuthForm
      view={view}
      headingLevel={headingLevel}
      onFieldChange={setField}
      onModeSwitch={switchMode}
      onTogglePassword={togglePassword}
      onSubmit={submit}
      onSocial={startSocial}
    />
  );
}
