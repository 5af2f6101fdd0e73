import { useEffect } from 'react';
import { prepareNavigation } from './authDeps.ts';

/**
 * While an auth screen shows its message before moving on ('Successfully signed in!', the new password's, the
 * callback's), loads the code of the page it moves to, so that the move comes when the message's time is up.
 * `to`: that page, or null while there is none.
 */
export function usePrepareNavigation(to: string | null | undefined): void {
  useEffect(() => {
    if (to) prepareNavigation(to);
  }, [to]);
}
