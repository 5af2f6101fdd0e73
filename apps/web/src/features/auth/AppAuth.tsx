import { useEffect, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { preloadRoute } from '../../routeCode.tsx';
import { setInAppNavigation } from './authDeps.ts';
import { AuthProvider } from './AuthProvider.tsx';

/**
 * The auth context at the app's root (`AuthProvider`), with the machines' navigations (to /welcome after sign-in, to
 * the stored path after the callback) made within the app once the target route's code is loaded.
 */
export function AppAuthProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  useEffect(() => {
    setInAppNavigation({
      navigate: (to) =>
        void preloadRoute(new URL(to, window.location.origin).pathname).then(() => navigate(to)),
    });
    return () => setInAppNavigation(undefined);
  }, [navigate]);
  return <AuthProvider>{children}</AuthProvider>;
}
