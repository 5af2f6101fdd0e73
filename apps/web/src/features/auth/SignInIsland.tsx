import { requestedAuthMode } from '@pentland/auth-machine';
import { useAddressQuery } from '../../lib/addressQuery.ts';
import { AuthProvider } from './AuthProvider.tsx';
import { SignInForm } from './SignInForm.tsx';

/**
 * /auth's form: sign in unless the address asks for `?mode=signup` or `?mode=forgot`. The page is prerendered as the
 * sign-in form; a requested mode starts a fresh form once hydrated.
 */
export function AuthPageForm() {
  const mode = requestedAuthMode(useAddressQuery()?.get('mode'));
  return <SignInForm key={mode} mode={mode} />;
}

/**
 * /auth's form as an island, with a session of its own (the page has no app), read once there is one to read (the
 * form signs in through the service without it): signed in, it goes on to /welcome with a page load. Within the app
 * (reached from one of its pages) the page renders `AuthPageForm` in the app's session.
 */
export default function SignInIsland() {
  return (
    <AuthProvider onlyWithSession>
      <AuthPageForm />
    </AuthProvider>
  );
}
