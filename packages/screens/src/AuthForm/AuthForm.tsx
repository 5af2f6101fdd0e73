import type { AuthField, AuthFormView, AuthMode } from '@pentland/auth-machine';
import { useId, type FormEvent } from 'react';
import { Alert, Button, Link, PasswordField, TextField } from '@pentland/ui';
import * as css from './AuthForm.css.ts';

/** The subset of auth-machine's `AuthFormView` the form renders. */
export type AuthFormViewProps = Pick<
  AuthFormView,
  | 'mode'
  | 'fields'
  | 'message'
  | 'busy'
  | 'submitLabel'
  | 'disabled'
  | 'showFullName'
  | 'showPassword'
  | 'showConfirmPassword'
  | 'passwordVisible'
  | 'showSocial'
  | 'socialLabel'
>;

export interface AuthFormProps {
  /** `useAuthForm().view` (or `authFormView(snapshot)`): the form renders it and decides nothing. */
  view: AuthFormViewProps;
  /** `setField`: sends `field.change`. */
  onFieldChange: (field: AuthField, value: string) => void;
  /** `switchMode`: sends `mode.switch` (the machine clears the fields and the message). */
  onModeSwitch: (mode: AuthMode) => void;
  /** `togglePassword`: sends `password.toggle`. */
  onTogglePassword: () => void;
  /** `submit`: sends `form.submit` (the machine validates). */
  onSubmit: () => void;
  /** `startSocial`: sends `social.start`. */
  onSocial: () => void;
  /** `h1` on the /auth page (default), `h2` when embedded in a guard page. */
  headingLevel?: 1 | 2;
}

const headings: Record<AuthMode, { title: string; subtitle: string }> = {
  signin: { title: 'Welcome back', subtitle: 'Sign in to your Pentland Cloud account' },
  signup: { title: 'Create your account', subtitle: 'Join Pentland Cloud in a minute' },
  forgot: { title: 'Reset your password', subtitle: 'We will e-mail you a link to choose a new password' },
};

/** The sign-in / sign-up / forgot-password form, a pure view of the auth form machine. */
export function AuthForm({
  view,
  onFieldChange,
  onModeSwitch,
  onTogglePassword,
  onSubmit,
  onSocial,
  headingLevel = 1,
}: AuthFormProps) {
  const { mode, fields, message, disabled } = view;
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const titleId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  const change = (field: AuthField) => (e: { target: { value: string } }) =>
    onFieldChange(field, e.target.value);
  return (
    <section className={css.card} aria-labelledby={titleId} data-mode={mode}>
      <header className={css.header}>
        <Heading id={titleId} className={css.title}>
          {headings[mode].title}
        </Heading>
        <p className={css.subtitle}>{headings[mode].subtitle}</p>
      </header>

      {message && <Alert tone={message.type}>{message.text}</Alert>}

      {view.showSocial && (
        <>
          <Button variant="secondary" fullWidth disabled={disabled} onClick={onSocial}>
            {view.socialLabel}
          </Button>
          <p className={css.divider}>or use your e-mail</p>
        </>
      )}

      {/* noValidate: the machine validates on submit in the spec's order; the attributes still state the rules. */}
      <form className={css.form} onSubmit={submit} noValidate aria-busy={view.busy || undefined}>
        {view.showFullName && (
          <TextField
            label="Full name"
            name="fullName"
            autoComplete="name"
            required
            value={fields.fullName}
            onChange={change('fullName')}
            disabled={disabled}
          />
        )}
        <TextField
          label="Email"
          type="email"
          name="email"
          // With a password the address is the account's user name, for password managers.
          autoComplete={view.showPassword ? 'username' : 'email'}
          required
          value={fields.email}
          onChange={change('email')}
          disabled={disabled}
        />
        {view.showPassword && (
          <PasswordField
            label="Password"
            name="password"
            autoComplete={mode === 'signup' ? 'new-password' : 'current-password'}
            required
            minLength={6}
            value={fields.password}
            onChange={change('password')}
            visible={view.passwordVisible}
            onVisibleChange={onTogglePassword}
            disabled={disabled}
          />
        )}
        {view.showConfirmPassword && (
          <PasswordField
            label="Confirm password"
            name="confirmPassword"
            autoComplete="new-password"
            required
            minLength={6}
            value={fields.confirmPassword}
            onChange={change('confirmPassword')}
            visible={view.passwordVisible}
            onVisibleChange={onTogglePassword}
            disabled={disabled}
          />
        )}
        {mode === 'signup' && (
          <p className={css.legal}>
            By creating an account you agree to our <Link to="/terms">Terms of Service</Link> and{' '}
            <Link to="/privacy">Privacy Policy</Link>.
          </p>
        )}
        <Button type="submit" fullWidth busy={view.busy} disabled={disabled}>
          {view.submitLabel}
        </Button>
      </form>

      <div className={css.switches}>
        {mode === 'signin' && (
          <>
            <button
              type="button"
              className={css.linkButton}
              disabled={disabled}
              onClick={() => onModeSwitch('forgot')}
            >
              Forgot your password?
            </button>
            <p>
              Don&apos;t have an account?{' '}
              <button
                type="button"
                className={css.linkButton}
                disabled={disabled}
                onClick={() => onModeSwitch('signup')}
              >
                Sign up
              </button>
            </p>
          </>
        )}
        {mode === 'signup' && (
          <p>
            Already have an account?{' '}
            <button
              type="button"
              className={css.linkButton}
              disabled={disabled}
              onClick={() => onModeSwitch('signin')}
            >
              Sign in
            </button>
          </p>
        )}
        {mode === 'forgot' && (
          <button
            type="button"
            className={css.linkButton}
            disabled={disabled}
            onClick={() => onModeSwitch('signin')}
          >
            Back to sign in
          </button>
        )}
      </div>
    </section>
  );
}
