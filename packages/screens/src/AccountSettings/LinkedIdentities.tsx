import { Button } from '@pentland/ui';
import * as css from './AccountSettings.css.ts';
import { ActionMessage, SettingsSection } from './SettingsSection.tsx';
import type { ActionState } from './types.ts';

export interface IdentityItem {
  id: string;
  /** As people read it: 'E-mail and password', 'Google'… */
  name: string;
  email?: string | null;
  /** Whether it may be removed (never the last way to sign in). */
  removable: boolean;
}

export interface LinkedIdentitiesProps {
  identities: readonly IdentityItem[];
  /** Providers that can still be linked. */
  available: readonly { id: string; name: string }[];
  onLink: (providerId: string) => void;
  onUnlink: (identityId: string) => void;
  state: ActionState;
  /** Shown when the only way to sign in cannot be removed. */
  lastIdentityNote: string;
}

/** The ways to sign in to the account: each linked one (removable unless it is the last) and the ones to link. */
export function LinkedIdentities({
  identities,
  available,
  onLink,
  onUnlink,
  state,
  lastIdentityNote,
}: LinkedIdentitiesProps) {
  const busy = state.status === 'busy';
  const onlyOne = identities.length <= 1;
  return (
    <SettingsSection
      title="Sign-in methods"
      description="Link a social account to sign in with it too. You can remove a method as long as another one remains."
    >
      <ul className={css.list} aria-label="Linked sign-in methods">
        {identities.map((identity) => (
          <li key={identity.id} className={css.item}>
            <span className={css.itemText}>
              <span className={css.itemName}>{identity.name}</span>
              {identity.email && <span className={css.muted}>{identity.email}</span>}
            </span>
            {identity.removable && (
              <Button
                variant="secondary"
                size="small"
                disabled={busy}
                onClick={() => onUnlink(identity.id)}
                aria-label={`Remove ${identity.name}`}
              >
                Remove
              </Button>
            )}
          </li>
        ))}
      </ul>
      {onlyOne && <p className={css.muted}>{lastIdentityNote}</p>}
      {available.length > 0 && (
        <div className={css.actions}>
          {available.map((p) => (
            <Button key={p.id} variant="secondary" disabled={busy} onClick={() => onLink(p.id)}>
              Link {p.name}
            </Button>
          ))}
        </div>
      )}
      <ActionMessage state={state} />
    </SettingsSection>
  );
}
