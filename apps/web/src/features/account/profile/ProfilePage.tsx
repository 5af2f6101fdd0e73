import type { SupabaseClient } from '@supabase/supabase-js';
import { PageHeader, PageSpinner, Section, Stack } from '@pentland/ui';
import { useSupabase } from '../../../lib/supabase.ts';
import { DataSection } from './DataSection.tsx';
import { DeleteSection } from './DeleteSection.tsx';
import { DetailsSection } from './DetailsSection.tsx';
import { EmailSection } from './EmailSection.tsx';
import { PasswordSection } from './PasswordSection.tsx';
import { PlanSection } from './PlanSection.tsx';
import { SignInMethodsSection } from './SignInMethodsSection.tsx';
import { StepUp } from './StepUp.tsx';
import { TwoStepSection } from './TwoStepSection.tsx';
import { useProfile } from './useProfile.ts';

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
  const { context, loadError, factors, providers, stepUp, stepUpDone, stepUpCancelled } = useProfile(client);
  if (loadError) return <p role="alert">{loadError}</p>;
  if (!context) return <PageSpinner label="Loading your profile..." />;
  return (
    <Stack gap="5">
      {stepUp && (
        <StepUp
          key={stepUp.reason}
          mfa={context.mfa}
          reason={stepUp.reason}
          onDone={stepUpDone}
          onCancel={stepUpCancelled}
        />
      )}
      <DetailsSection {...context} />
      <EmailSection {...context} />
      <PasswordSection {...context} />
      <SignInMethodsSection {...context} providers={providers} />
      <TwoStepSection {...context} factors={factors} />
      <PlanSection />
      <DataSection {...context} />
      <DeleteSection {...context} />
    </Stack>
  );
}
