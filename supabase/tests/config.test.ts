// supabase/config.toml turns on what the product uses and the Supabase CLI's defaults leave off. The CLI fills every
// key config.toml leaves out from its own template (supabase/cli, apps/cli-go/pkg/config/templates/config.toml), which
// has TOTP, manual identity linking, e-mail confirmations and a password change's reauthentication off: without them
// here, `supabase start` runs Auth without two-step verification (the profile's enrolment is refused) and
// `supabase config push` turns them off on the hosted project. (The local backend reads only the keys present and
// starts from GoTrue's own defaults, so it cannot show this by running; the file itself is checked.)
import { readFile } from 'node:fs/promises';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';

const config = parse(await readFile(new URL('../config.toml', import.meta.url), 'utf8')) as {
  auth: {
    enable_signup?: boolean;
    enable_manual_linking?: boolean;
    enable_refresh_token_rotation?: boolean;
    email?: { enable_signup?: boolean; enable_confirmations?: boolean; secure_password_change?: boolean };
    mfa?: { totp?: { enroll_enabled?: boolean; verify_enabled?: boolean } };
  };
};

describe('config.toml sets what the product uses, against the CLI template', () => {
  it('two-step verification with an authenticator app: enrolment and verification on', () => {
    expect(config.auth.mfa?.totp).toMatchObject({ enroll_enabled: true, verify_enabled: true });
  });

  it('sign-up with a confirmed e-mail, linking social accounts on the profile, a reauthenticated password change', () => {
    expect(config.auth).toMatchObject({
      enable_signup: true,
      enable_manual_linking: true,
      enable_refresh_token_rotation: true,
    });
    expect(config.auth.email).toMatchObject({
      enable_signup: true,
      enable_confirmations: true,
      secure_password_change: true,
    });
  });
});
