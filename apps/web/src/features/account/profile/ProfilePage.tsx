import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { SupabaseClient, User, UserIdentity } from '@supabase/supabase-js';
import {
  avatarInputProblem,
  avatarInputTypes,
  avatarObjectPath,
  avatarOutputType,
  avatarSide,
  avatarMessages,
  avatarsBucket,
  avatarUploadProblem,
  canUnlink,
  dataExportFileName,
  dataExportMessages,
  dataExportSummary,
  deletionConfirmed,
  deletionMessages,
  fullNameProblem,
  identityMessages,
  isDataExport,
  isOwnAvatarUrl,
  profileMessages,
  providerName,
} from '@pentland/account';
import { AUTH_REDIRECT_KEY, mfaMessages, type MfaFactor } from '@pentland/auth-machine';
import { useMfaChallenge, useMfaEnrol, usePasswordChange } from '@pentland/auth-machine/react';
import {
  createSupabaseMfaService,
  createSupabasePasswordChangeService,
} from '@pentland/auth-machine/supabase';
import {
  DataExportPanel,
  DeleteAccountPanel,
  EmailChangeForm,
  LinkedIdentities,
  MfaChallenge,
  PageHeader,
  PageSpinner,
  PasswordChangeForm,
  ProfileDetailsForm,
  Section,
  Stack,
  SubscriptionPanel,
  TwoFactorSettings,
  cropSquare,
  idle,
  useImageUpload,
  type ActionState,
} from '@pentland/ui';
import { useSupabase } from '../../../lib/supabase.ts';
import { useSubscriptionPanel } from '../../premium/data.ts';

/** Social providers the profile offers to link, when the backend has them enabled. */
const linkableProviders = ['google', 'facebook'] as const;

const fail = (message: string): ActionState => ({ status: 'error', message });
const done = (message: string): ActionState => ({ status: 'success', message });
const unreadableAvatar = () => avatarMessages.unreadable;

/** /profile: name and picture, e-mail, password, sign-in methods, two-step verification, plan, data, deletion. */
export default function ProfilePage() {
  const client = useSupabase();
  return (
    <>
      <PageHeader
        title="Profile"
        lead="Your Pentland Cloud account: how you appear, how you sign in, and your data."
      />
      <Section>
        {client ? <Profile client={client} /> : <PageSpinner label="Loading your profile..." />}
      </Section>
    </>
  );
}

function Profile({ client }: { client: SupabaseClient }) {
  const navigate = useNavigate();
  const [user, setUser] = useState<User | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [factors, setFactors] = useState<MfaFactor[]>([]);
  const [providers, setProviders] = useState<string[]>([]);
  // Fresh factors: this session may predate a factor enrolled on another device.
  const mfa = useMemo(() => createSupabaseMfaService(client, { freshFactors: true }), [client]);
  const passwordService = useMemo(() => createSupabasePasswordChangeService(client), [client]);

  const refresh = useCallback(async () => {
    const { data, error } = await client.auth.getUser();
    if (error || !data.user) {
      setLoadError('Your account could not be loaded. Check your connection and reload the page.');
      return;
    }
    setUser(data.user);
    const listed = await mfa.listFactors();
    if (!listed.error) setFactors(listed.factors);
  }, [client, mfa]);

  useEffect(() => {
    const first = setTimeout(() => void refresh(), 0);
    // Which social providers this backend offers (Auth's public settings).
    const url = (client as unknown as { supabaseUrl?: string }).supabaseUrl;
    const key = (client as unknown as { supabaseKey?: string }).supabaseKey;
    if (url && key)
      void fetch(`${url}/auth/v1/settings`, { headers: { apikey: key } })
        .then((r) => (r.ok ? r.json() : null))
        .then((s: { external?: Record<string, boolean> } | null) =>
          setProviders(linkableProviders.filter((p) => s?.external?.[p])),
        )
        .catch(() => setProviders([]));
    return () => clearTimeout(first);
  }, [client, refresh]);

  // ----- Step-up: an action that needs aal2 first asks for the authenticator code (when the account has one).
  const [stepUp, setStepUp] = useState<{ reason: string; run: () => void } | null>(null);
  const withStepUp = useCallback(
    async (reason: string, run: () => void) => {
      const { assurance } = await mfa.assurance();
      if (assurance && assurance.next === 'aal2' && assurance.current !== 'aal2') setStepUp({ reason, run });
      else run();
    },
    [mfa],
  );

  // ----- Name
  const [fullName, setFullName] = useState('');
  const [nameState, setNameState] = useState<ActionState>(idle);
  const nameLoaded = useRef(false);
  useEffect(() => {
    if (user && !nameLoaded.current) {
      nameLoaded.current = true;
      setFullName(String(user.user_metadata?.full_name ?? ''));
    }
  }, [user]);
  const saveName = async () => {
    const problem = fullNameProblem(fullName);
    if (problem) return setNameState(fail(problem));
    setNameState({ status: 'busy' });
    const { error } = await client.auth.updateUser({ data: { full_name: fullName.trim() } });
    if (error) return setNameState(fail(error.message));
    setFullName(fullName.trim());
    setNameState(done(profileMessages.nameSaved));
    void refresh();
  };

  // ----- Picture: checked, scaled down by the ui kit, cropped square, stored in the user's folder, then named in
  // the account (the database copies it to the public profile only if it is the user's own file).
  const [avatarState, setAvatarState] = useState<ActionState>(idle);
  const avatarUrl = (user?.user_metadata?.avatar_url as string | undefined) ?? null;
  const removeStoredAvatar = useCallback(
    async (url: string | null) => {
      if (!user || !url || !isOwnAvatarUrl(url, user.id)) return;
      const name = decodeURIComponent(url.split(`/public/${avatarsBucket}/`)[1] ?? '');
      if (name) await client.storage.from(avatarsBucket).remove([name]);
    },
    [client, user],
  );
  const upload = useImageUpload({
    // A first scaling that keeps the short side above 512 px for all but panoramas; cropSquare makes it 512.
    maxSide: avatarSide * 4,
    check: useCallback((f: { name: string; type: string; size: number }) => avatarInputProblem(f), []),
    unreadable: unreadableAvatar,
    upload: useCallback(
      async (file: File, onProgress: (f: number) => void) => {
        if (!user) throw new Error('Still loading your account…');
        const { file: square } = await cropSquare(file, avatarSide, avatarOutputType(file.type));
        const problem = avatarUploadProblem(square);
        if (problem) throw new Error(problem);
        const path = avatarObjectPath(user.id, avatarOutputType(file.type));
        onProgress(0.1);
        const stored = await client.storage
          .from(avatarsBucket)
          .upload(path, square, { cacheControl: '3600', upsert: false, contentType: square.type });
        if (stored.error) throw new Error(`The picture could not be stored: ${stored.error.message}`);
        onProgress(0.8);
        const url = client.storage.from(avatarsBucket).getPublicUrl(path).data.publicUrl;
        const previous = (user.user_metadata?.avatar_url as string | undefined) ?? null;
        const { error } = await client.auth.updateUser({ data: { avatar_url: url } });
        if (error) {
          await client.storage.from(avatarsBucket).remove([path]);
          throw new Error(error.message);
        }
        await removeStoredAvatar(previous);
        return { url };
      },
      [client, user, removeStoredAvatar],
    ),
    onUploaded: useCallback(() => {
      setAvatarState(done(profileMessages.avatarSaved));
      void refresh();
    }, [refresh]),
  });
  const removeAvatar = async () => {
    setAvatarState({ status: 'busy' });
    const { error } = await client.auth.updateUser({ data: { avatar_url: null } });
    if (error) return setAvatarState(fail(error.message));
    await removeStoredAvatar(avatarUrl);
    upload.reset();
    setAvatarState(done(profileMessages.avatarRemoved));
    void refresh();
  };

  // ----- E-mail: Auth mails links to both addresses; nothing changes until both are followed.
  const [newEmail, setNewEmail] = useState('');
  const [emailState, setEmailState] = useState<ActionState>(idle);
  const changeEmail = async () => {
    const address = newEmail.trim();
    if (!address.includes('@')) return setEmailState(fail('Please enter a valid email address'));
    if (address.toLowerCase() === (user?.email ?? '').toLowerCase())
      return setEmailState(fail('This is already your e-mail address.'));
    setEmailState({ status: 'busy' });
    const { error } = await client.auth.updateUser(
      { email: address },
      { emailRedirectTo: `${window.location.origin}/profile` },
    );
    if (error) return setEmailState(fail(error.message));
    setEmailState(
      done(
        `We have sent confirmation links to ${user?.email} and ${address}. Follow both to finish the change.`,
      ),
    );
    setNewEmail('');
    void refresh();
  };

  // ----- Password
  const password = usePasswordChange({ service: passwordService });

  // ----- Sign-in methods
  const [identityState, setIdentityState] = useState<ActionState>(idle);
  const identities: UserIdentity[] = user?.identities ?? [];
  const linked = identities.map((i) => ({ identity_id: i.identity_id, provider: i.provider }));
  const link = async (provider: string) => {
    setIdentityState(done(identityMessages.linking(provider)));
    sessionStorage.setItem(AUTH_REDIRECT_KEY, '/profile');
    const { error } = await client.auth.linkIdentity({
      provider: provider as 'google',
      options: { redirectTo: `${window.location.origin}/auth/callback` },
    });
    if (error) setIdentityState(fail(error.message));
  };
  const unlink = async (identityId: string) => {
    const identity = identities.find((i) => i.identity_id === identityId);
    if (!identity) return;
    if (!canUnlink(linked, identityId)) return setIdentityState(fail(identityMessages.lastIdentity));
    setIdentityState({ status: 'busy' });
    const { error } = await client.auth.unlinkIdentity(identity);
    if (error) return setIdentityState(fail(error.message));
    await client.auth.refreshSession();
    setIdentityState(done(identityMessages.unlinked(identity.provider)));
    void refresh();
  };

  // ----- Two-step verification
  const enrol = useMfaEnrol({
    mfa,
    onEnrolled: () => {
      void refresh();
    },
  });
  const [removeState, setRemoveState] = useState<ActionState>(idle);
  const removeFactor = (factorId: string) =>
    void withStepUp(
      'Before you turn off two-step verification, enter the code from your authenticator app.',
      () => {
        setRemoveState({ status: 'busy' });
        void mfa.unenrol({ factorId }).then(async ({ error }) => {
          if (error) return setRemoveState(fail(error.message));
          // The session was aal2 through this factor: take the new, aal1 token.
          await client.auth.refreshSession();
          setRemoveState(done('Two-step verification is off.'));
          void refresh();
        });
      },
    );

  // ----- Plan
  // The premium issue's panel: plan, renewal or end, and Stripe's portal returning here.
  const { hasPremium: _premium, refresh: _refreshPlan, ...subscription } = useSubscriptionPanel('/profile');

  // ----- Download my data
  const [exportState, setExportState] = useState<ActionState>(idle);
  const download = () =>
    void withStepUp('Before you download your data, enter the code from your authenticator app.', () => {
      setExportState({ status: 'busy' });
      void client.rpc('export_my_data').then(({ data, error }) => {
        if (error || !isDataExport(data))
          return setExportState(
            fail(
              error?.hint === 'insufficient_aal'
                ? dataExportMessages.insufficientAal
                : dataExportMessages.failed,
            ),
          );
        const a = document.createElement('a');
        a.href = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
        a.download = dataExportFileName();
        document.body.append(a);
        a.click();
        a.remove();
        setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
        setExportState(done(`${dataExportMessages.ready} ${dataExportSummary(data)}`));
      });
    });

  // ----- Delete the account (the function decides: the caller's own token, the typed address, the second factor).
  const [deleteReady, setDeleteReady] = useState(false);
  const deleteAccount = async ({
    confirmation,
    keepArticles,
  }: {
    confirmation: string;
    keepArticles: boolean;
  }) => {
    const { assurance } = await mfa.assurance();
    if (assurance && assurance.next === 'aal2' && assurance.current !== 'aal2') {
      // The dialog closes; the code is asked for at the top of the page, then the dialog opens again.
      setDeleteReady(false);
      setStepUp({
        reason: 'Before you delete your account, enter the code from your authenticator app.',
        run: () => setDeleteReady(true),
      });
      return;
    }
    const { error, response } = await client.functions.invoke('delete-account', {
      body: { confirmation, keepArticles },
    });
    if (error) {
      let message: string = deletionMessages.failed;
      try {
        const body = (await (response as Response | undefined)?.json()) as {
          error?: string;
          message?: string;
        };
        message = body?.message ?? body?.error ?? message;
      } catch {
        // not JSON
      }
      throw new Error(message);
    }
    await client.auth.signOut({ scope: 'local' });
    navigate('/', { replace: true });
  };

  if (loadError) return <p role="alert">{loadError}</p>;
  if (!user) return <PageSpinner label="Loading your profile..." />;

  const challenge = stepUp && (
    <StepUp
      key={stepUp.reason}
      mfa={mfa}
      reason={stepUp.reason}
      onDone={() => {
        const run = stepUp.run;
        setStepUp(null);
        run();
      }}
      onCancel={() => setStepUp(null)}
    />
  );

  return (
    <Stack gap="5">
      {challenge}
      <ProfileDetailsForm
        fullName={fullName}
        onFullNameChange={(v) => {
          setFullName(v);
          if (nameState.status !== 'busy') setNameState(idle);
        }}
        onSubmitName={() => void saveName()}
        nameState={nameState}
        avatarUrl={avatarUrl}
        upload={upload.state}
        onAvatarFile={(f) => {
          setAvatarState(idle);
          void upload.select(f);
        }}
        onAvatarRemove={() => void removeAvatar()}
        avatarState={avatarState}
        accept={avatarInputTypes.join(',')}
        avatarHint="PNG, JPEG, WebP, GIF or AVIF. It is cropped square and scaled down to 512 px."
      />
      <EmailChangeForm
        email={user.email ?? ''}
        pendingEmail={user.new_email ?? null}
        value={newEmail}
        onChange={setNewEmail}
        onSubmit={() => void changeEmail()}
        state={emailState}
      />
      <PasswordChangeForm
        view={password.view}
        onFieldChange={password.setField}
        onTogglePassword={password.togglePassword}
        onSubmit={password.submit}
        onResendCode={password.resendCode}
        hasPassword={identities.some((i) => i.provider === 'email')}
      />
      <LinkedIdentities
        identities={identities.map((i) => ({
          id: i.identity_id,
          name: providerName(i.provider),
          email: (i.identity_data?.email as string | undefined) ?? null,
          removable: canUnlink(linked, i.identity_id),
        }))}
        available={providers
          .filter((p) => !identities.some((i) => i.provider === p))
          .map((p) => ({ id: p, name: providerName(p) }))}
        onLink={(p) => void link(p)}
        onUnlink={(id) => void unlink(id)}
        state={identityState}
        lastIdentityNote={identityMessages.lastIdentity}
      />
      <TwoFactorSettings
        factors={factors}
        enrol={enrol.view}
        onStart={() => {
          setRemoveState(idle);
          enrol.start();
        }}
        onCodeChange={enrol.setCode}
        onSubmit={enrol.submit}
        onCancel={enrol.cancel}
        onRemove={removeFactor}
        removeState={removeState}
      />
      <SubscriptionPanel {...subscription} />
      <DataExportPanel onDownload={download} state={exportState} />
      <DeleteAccountPanel
        key={deleteReady ? 'ready' : 'start'}
        email={user.email ?? ''}
        isConfirmed={(typed) => deletionConfirmed(typed, user.email)}
        onDelete={deleteAccount}
        defaultOpen={deleteReady}
      />
    </Stack>
  );
}

/** The step-up: the authenticator code before a change that needs it; the page runs the change afterwards. */
function StepUp({
  mfa,
  reason,
  onDone,
  onCancel,
}: {
  mfa: ReturnType<typeof createSupabaseMfaService>;
  reason: string;
  onDone: () => void;
  onCancel: () => void;
}) {
  const challenge = useMfaChallenge({ mfa, onCompleted: onDone, onCancelled: onCancel });
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'center' });
  }, []);
  return (
    <div ref={ref}>
      <MfaChallenge
        view={challenge.view}
        onCodeChange={challenge.setCode}
        onSubmit={challenge.submit}
        onCancel={challenge.cancel}
        onRetry={challenge.retry}
        description={reason || mfaMessages.challengeText}
        headingLevel={2}
      />
    </div>
  );
}
