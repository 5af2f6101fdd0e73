import { Section } from '@pentland/ui';
import { Island } from '../../lib/island.tsx';
import { AuthPageForm } from './SignInIsland.tsx';

/**
 * /auth: sign in, sign up or forgot password; `?mode=signup` or `?mode=forgot` opens that mode. Served as islands: the
 * form (with its own session) and the navigation hydrate, the rest is the server's HTML.
 */
export default function AuthPage() {
  return (
    <Section tone="muted" width="narrow">
      <Island name="SignInIsland" props={{}}>
        <AuthPageForm />
      </Island>
    </Section>
  );
}
