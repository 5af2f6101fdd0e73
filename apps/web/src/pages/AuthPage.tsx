import { useSearchParams } from 'react-router-dom';
import type { AuthMode } from '@pentland/auth-machine';
import { Section } from '@pentland/ui';
import { SignInForm } from '../auth/SignInForm';

const modes: readonly AuthMode[] = ['signin', 'signup', 'forgot'];

/** /auth: sign in, sign up or forgot password; `?mode=signup` or `?mode=forgot` opens that mode. */
export default function AuthPage() {
  const [params] = useSearchParams();
  const requested = params.get('mode') as AuthMode | null;
  const mode = requested && modes.includes(requested) ? requested : 'signin';
  return (
    <Section tone="muted" width="narrow">
      <SignInForm mode={mode} />
    </Section>
  );
}
