import { useSearchParams } from 'react-router-dom';
import type { AuthMode } from '@pentland/auth-machine';
import { Section } from '@pentland/ui';
import { SignInForm } from './SignInForm.tsx';
import { useHydrated } from '../../lib/hydrated.ts';

const modes: readonly AuthMode[] = ['signin', 'signup', 'forgot'];

/** /auth: sign in, sign up or forgot password; `?mode=signup` or `?mode=forgot` opens that mode. */
export default function AuthPage() {
  const [params] = useSearchParams();
  const requested = params.get('mode') as AuthMode | null;
  // The prerendered page is the sign-in form; a requested mode starts a fresh form once hydrated.
  const hydrated = useHydrated();
  const mode = hydrated && requested && modes.includes(requested) ? requested : 'signin';
  return (
    <Section tone="muted" width="narrow">
      <SignInForm key={mode} mode={mode} />
    </Section>
  );
}
