import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { deletionConfirmed } from '@pentland/account';
import { DeleteAccountPanel } from '@pentland/screens';
import { deleteMyAccount } from './data.ts';
import type { ProfileContext } from './useProfile.ts';

/** Delete the account: the function decides (the caller's own token, the typed address, the second factor). */
export function DeleteSection({ client, user, needsStepUp, askStepUp }: ProfileContext) {
  const navigate = useNavigate();
  const [deleteReady, setDeleteReady] = useState(false);
  const deleteAccount = async (options: { confirmation: string; keepArticles: boolean }) => {
    if (await needsStepUp()) {
      // The dialog closes; the code is asked for at the top of the page, then the dialog opens again.
      setDeleteReady(false);
      askStepUp('Before you delete your account, enter the code from your authenticator app.', () =>
        setDeleteReady(true),
      );
      return;
    }
    await deleteMyAccount(client, options);
    navigate('/', { replace: true });
  };
  return (
    <DeleteAccountPanel
      key={deleteReady ? 'ready' : 'start'}
      email={user.email ?? ''}
      isConfirmed={(typed) => deletionConfirmed(typed, user.email)}
      onDelete={deleteAccount}
      defaultOpen={deleteReady}
    />
  );
}
