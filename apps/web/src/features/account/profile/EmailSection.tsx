import { useState } from 'react';
import { EmailChangeForm, idle, type ActionState } from '@pentland/screens';
import { requestEmailChange } from './data.ts';
import { done, fail, type ProfileContext } from './useProfile.ts';

/** The e-mail address: Auth mails links to both addresses; nothing changes until both are followed. */
export function EmailSection({ client, user, refresh }: ProfileContext) {
  const [newEmail, setNewEmail] = useState('');
  const [emailState, setEmailState] = useState<ActionState>(idle);
  const changeEmail = async () => {
    const address = newEmail.trim();
    if (!address.includes('@')) return setEmailState(fail('Please enter a valid email address'));
    if (address.toLowerCase() === (user.email ?? '').toLowerCase())
      return setEmailState(fail('This is already your e-mail address.'));
    setEmailState({ status: 'busy' });
    const error = await requestEmailChange(client, address);
    if (error) return setEmailState(fail(error.message));
    setEmailState(
      done(
        `We have sent confirmation links to ${user.email} and ${address}. Follow both to finish the change.`,
      ),
    );
    setNewEmail('');
    void refresh();
  };
  return (
    <EmailChangeForm
      email={user.email ?? ''}
      pendingEmail={user.new_email ?? null}
      value={newEmail}
      onChange={setNewEmail}
      onSubmit={() => void changeEmail()}
      state={emailState}
    />
  );
}
