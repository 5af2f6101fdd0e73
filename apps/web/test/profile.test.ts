// Issue 16's /profile in Chromium against the local backend: name and picture, e-mail change, password change,
// sign-in methods, two-step verification (enrol, then sign-in asks for the code), download my data, delete the
// account — and bad input (a wrong TOTP code, a wrong current password, files that are not pictures, an address in
// use) that changes nothing; and the step-up a session without the second factor (a social sign-in) must pass.
import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { Secret, TOTP } from 'otpauth';
import { authForm, screenshotDir, signOutFromMenu, startJourney, submitSignIn, url } from './e2e.ts';
import { createConfirmedUser, supabaseClient, testSql, uniqueEmail, waitForMail } from './helpers.ts';
import { browser } from './shared-browser.ts';

/** A photo-sized PNG made here: wider than tall, a blue square in the middle of red. */
function photo(width: number, height: number): Buffer {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const blue = Math.abs(x - width / 2) < height / 4 && Math.abs(y - height / 2) < height / 4;
      png.data.set(blue ? [29, 78, 216, 255] : [185, 28, 28, 255], (y * width + x) * 4);
    }
  return PNG.sync.write(png);
}

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

const canSignIn = async (email: string, password: string) =>
  (await supabaseClient().auth.signInWithPassword({ email, password })).error === null;

/** The code the app would show now, and a code that is surely wrong (none of the codes the server accepts). */
function codes(secret: string): { right: string; wrong: string } {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
  const now = Date.now();
  const accepted = [-30_000, 0, 30_000].map((d) => totp.generate({ timestamp: now + d }));
  let wrong = (Number(accepted[1]) + 500_000) % 1_000_000;
  while (accepted.includes(String(wrong).padStart(6, '0'))) wrong = (wrong + 1) % 1_000_000;
  return { right: accepted[1]!, wrong: String(wrong).padStart(6, '0') };
}

async function signInAt(page: Page, email: string, password: string) {
  await page.goto(url('/auth'));
  await submitSignIn(authForm(page), email, password);
}

async function profileRow(id: string) {
  const [row] = await testSql<{ full_name: string | null; avatar_url: string | null }>(
    'select full_name, avatar_url from public.profiles where id = $1',
    [id],
  );
  return row;
}

const avatarFiles = (id: string) =>
  testSql<{ name: string }>(`select name from storage.objects where bucket_id = 'avatars' and name like $1`, [
    `${id}/%`,
  ]);

describe('/profile', () => {
  it('changes name and picture, enrols TOTP, asks for the code at sign-in, exports the data, deletes the account', async () => {
    const email = uniqueEmail('profile');
    const password = 'profile-pass-1';
    const id = await createConfirmedUser(email, password, 'Morag Sutherland');
    const { page, errors, context } = await startJourney(browser);
    await signInAt(page, email, password);
    await page.waitForURL(url('/welcome'));

    await page.goto(url('/profile'));
    await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
    const details = section(page, 'Name and picture');
    await expect(details.getByLabel(/Full name/).inputValue()).resolves.toBe('Morag Sutherland');

    // A blank name is refused and changes nothing; a new one is saved to the account and the public profile.
    await details.getByLabel(/Full name/).fill('   ');
    await details.getByRole('button', { name: 'Save name' }).click();
    await details.getByRole('alert').getByText('Please enter your full name').waitFor();
    expect((await profileRow(id))?.full_name).toBe('Morag Sutherland');
    await details.getByLabel(/Full name/).fill('Morag Gunn-Sutherland');
    await details.getByRole('button', { name: 'Save name' }).click();
    await details.getByText('Your name has been saved.').waitFor();
    await expect.poll(async () => (await profileRow(id))?.full_name).toBe('Morag Gunn-Sutherland');
    await page
      .getByRole('banner')
      .getByRole('button', { name: 'Account menu for Morag Gunn-Sutherland' })
      .waitFor();

    // Not a picture (a PDF), and a "PNG" that cannot be read: clear errors, nothing stored.
    const chooser = details.getByLabel('Profile picture', { exact: true });
    await chooser.setInputFiles({
      name: 'cv.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4 x'),
    });
    await details.getByRole('alert').getByText('“cv.pdf” is not a picture', { exact: false }).waitFor();
    await chooser.setInputFiles({
      name: 'broken.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not a png'),
    });
    await details
      .getByRole('alert')
      .getByText('This file is not a picture we can use — choose a PNG, JPEG, WebP, GIF or AVIF image.', {
        exact: true,
      })
      .waitFor();
    expect(await avatarFiles(id)).toEqual([]);
    expect((await profileRow(id))?.avatar_url).toBeNull();

    // A large photo is scaled down and cropped square in the browser before it is stored.
    await chooser.setInputFiles({ name: 'harbour.png', mimeType: 'image/png', buffer: photo(2400, 1600) });
    await details.getByText('Your picture has been updated.').waitFor();
    const avatar = details.getByRole('img', { name: 'Your current avatar' });
    await avatar.waitFor();
    const stored = await avatarFiles(id);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.name).toMatch(new RegExp(`^${id}/avatar-[a-z0-9]+\\.png$`));
    const avatarUrl = (await avatar.getAttribute('src'))!;
    expect(avatarUrl).toContain(`/storage/v1/object/public/avatars/${stored[0]!.name}`);
    const picture = PNG.sync.read(Buffer.from(await (await fetch(avatarUrl)).arrayBuffer()));
    expect([picture.width, picture.height]).toEqual([512, 512]);
    await expect.poll(async () => (await profileRow(id))?.avatar_url).toBe(avatarUrl);

    // E-mail: an address in use is refused; a free one gets links to both addresses and changes nothing yet.
    const other = uniqueEmail('profile-other');
    await createConfirmedUser(other, 'other-pass-1', 'Other Person');
    const mail = section(page, 'E-mail address');
    await mail.getByLabel(/New e-mail address/).fill(other);
    await mail.getByRole('button', { name: 'Change e-mail address' }).click();
    await mail.getByRole('alert').waitFor();
    const wanted = uniqueEmail('profile-new');
    await mail.getByLabel(/New e-mail address/).fill(wanted);
    await mail.getByRole('button', { name: 'Change e-mail address' }).click();
    await mail.getByText('Follow both to finish the change.', { exact: false }).waitFor();
    await waitForMail(wanted, /Confirm Email Change/);
    await waitForMail(email, /Confirm Email Change/);
    const [account] = await testSql<{ email: string }>('select email from auth.users where id = $1', [id]);
    expect(account!.email).toBe(email);

    // Password: a wrong current password changes nothing; the right one changes it.
    const pw = section(page, 'Password');
    await pw.getByLabel('Current password', { exact: true }).fill('not-my-password');
    await pw.getByLabel('New password', { exact: true }).fill('profile-pass-2');
    await pw.getByLabel('Confirm new password', { exact: true }).fill('profile-pass-2');
    await pw.getByRole('button', { name: 'Change password' }).click();
    await pw.getByRole('alert').getByText('Your current password is not correct.').waitFor();
    expect(await canSignIn(email, password)).toBe(true);
    expect(await canSignIn(email, 'profile-pass-2')).toBe(false);
    await pw.getByLabel('Current password', { exact: true }).fill(password);
    await pw.getByRole('button', { name: 'Change password' }).click();
    await pw.getByText('Your password has been changed.', { exact: false }).waitFor();
    const newPassword = 'profile-pass-2';
    expect(await canSignIn(email, newPassword)).toBe(true);

    // Sign-in methods: the only one cannot be removed; Facebook (the development provider) is linked and removed.
    const methods = section(page, 'Sign-in methods');
    await methods.getByText('This is the only way you can sign in', { exact: false }).waitFor();
    await expect(methods.getByRole('button', { name: /^Remove/ }).count()).resolves.toBe(0);
    await methods.getByRole('button', { name: 'Link Facebook' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/oidc/'));
    await page.getByRole('button', { name: /Magnus Gunn/ }).click();
    await page.waitForURL((u) => u.pathname === '/profile', { timeout: 20_000 });
    await section(page, 'Sign-in methods').getByRole('button', { name: 'Remove Facebook' }).click();
    await section(page, 'Sign-in methods')
      .getByText('Facebook is no longer linked to your account.')
      .waitFor();
    const providers = await testSql<{ provider: string }>(
      'select provider from auth.identities where user_id = $1',
      [id],
    );
    expect(providers.map((p) => p.provider)).toEqual(['email']);

    // Two-step verification: a wrong first code keeps it off; the code computed from the secret turns it on.
    const mfa = section(page, 'Two-step verification');
    await mfa.getByRole('button', { name: 'Set up an authenticator app' }).click();
    await mfa.getByRole('img', { name: /QR code/ }).waitFor();
    const secret = (await mfa.getByTestId('totp-secret').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await mfa.getByLabel(/Authentication code/).fill(codes(secret).wrong);
    await mfa.getByRole('button', { name: 'Verify' }).click();
    await mfa.getByRole('alert').waitFor();
    expect(
      await testSql(`select 1 from auth.mfa_factors where user_id = $1 and status = 'verified'`, [id]),
    ).toHaveLength(0);
    await mfa.getByLabel(/Authentication code/).fill(codes(secret).right);
    await mfa.getByRole('button', { name: 'Verify' }).click();
    await mfa.getByText('Two-step verification is on.', { exact: false }).waitFor();
    await mfa.getByRole('button', { name: 'Turn off' }).waitFor();

    // The plan (the premium issue's SubscriptionPanel): free, with the way to the plans.
    const plan = page.getByRole('region', { name: 'Your plan' });
    await plan.getByText('Free plan').waitFor();
    await expect(plan.getByRole('link').first().getAttribute('href')).resolves.toBe('/pricing');

    mkdirSync(screenshotDir, { recursive: true });
    await page.screenshot({ path: `${screenshotDir}profile-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: `${screenshotDir}profile-375.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });

    // Signing in again asks for the code: a wrong one is refused, the right one lets the user in.
    await signOutFromMenu(page, 'Morag Gunn-Sutherland');
    await signInAt(page, email, newPassword);
    const challenge = page.getByRole('region', { name: 'Two-step verification' });
    await challenge.getByLabel(/Authentication code/).waitFor();
    await challenge.getByLabel(/Authentication code/).fill(codes(secret).wrong);
    await challenge.getByRole('button', { name: 'Verify' }).click();
    await challenge.getByRole('alert').getByText('Invalid TOTP code entered').waitFor();
    expect(page.url()).toBe(url('/auth'));
    await challenge.getByLabel(/Authentication code/).fill(codes(secret).right);
    await challenge.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(url('/welcome'));

    // Download my data: one JSON file with the account, the profile, the factor and the picture; no secrets.
    await page.goto(url('/profile'));
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 20_000 }),
      section(page, 'Download my data').getByRole('button', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^pentland-cloud-data-\d{4}-\d{2}-\d{2}\.json$/);
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const data = JSON.parse(text) as {
      format: string;
      account: { email: string; mfa_factors: { status: string }[]; pending_email_change: string | null };
      profile: { full_name: string; avatar_url: string };
      files: { bucket: string; name: string }[];
    };
    expect(data.format).toBe('pentland-cloud-data-export');
    expect(data.account.email).toBe(email);
    expect(data.account.pending_email_change).toBe(wanted);
    expect(data.account.mfa_factors.map((f) => f.status)).toEqual(['verified']);
    expect(data.profile).toMatchObject({ full_name: 'Morag Gunn-Sutherland', avatar_url: avatarUrl });
    expect(data.files).toEqual([expect.objectContaining({ bucket: 'avatars', name: stored[0]!.name })]);
    expect(text).not.toContain(secret);
    expect(text).not.toMatch(/encrypted_password|\$2[aby]\$/);
    await section(page, 'Download my data')
      .getByText('Your data has been downloaded.', { exact: false })
      .waitFor();

    // Turning two-step verification off (this session passed it).
    await section(page, 'Two-step verification').getByRole('button', { name: 'Turn off' }).click();
    await section(page, 'Two-step verification').getByText('Two-step verification is off.').first().waitFor();
    expect(await testSql(`select 1 from auth.mfa_factors where user_id = $1`, [id])).toHaveLength(0);

    // Delete the account: the typed address must match; then everything goes and signing in fails.
    await section(page, 'Delete account').getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Type your e-mail address to confirm').fill('someone@else.test');
    await expect(dialog.getByRole('button', { name: 'Delete account' }).isDisabled()).resolves.toBe(true);
    await dialog.getByLabel('Type your e-mail address to confirm').fill(email);
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await page.waitForURL(url('/'), { timeout: 20_000 });
    expect(await testSql('select 1 from auth.users where id = $1', [id])).toHaveLength(0);
    expect(await avatarFiles(id)).toEqual([]);
    expect(await canSignIn(email, newPassword)).toBe(false);
    await signInAt(page, email, newPassword);
    await authForm(page).getByRole('alert').waitFor();

    // Only the refusals the journey provoked reached the browser as errors.
    const expected = [
      /HTTP 4\d\d PUT .*\/auth\/v1\/user/, // address in use, wrong current password
      /HTTP 422 POST .*\/auth\/v1\/factors\/.*\/verify/, // the wrong codes
      /HTTP 403 POST .*\/auth\/v1\/logout\?scope=local/, // the deleted user's session is already gone
      /HTTP 400 POST .*\/auth\/v1\/token\?grant_type=password/, // signing in after the deletion
    ];
    expect(errors.filter((e) => !expected.some((re) => re.test(e)))).toEqual([]);
    await context.close();
  }, 150_000);

  it('asks for the code after a social sign-in, and shows /profile only after it if the user walked away from it', async () => {
    const { page, errors, context } = await startJourney(browser);
    /** Facebook through the development provider: the first time the person is chosen, then its session answers. */
    const socialSignIn = async (choose: boolean) => {
      await page.goto(url('/auth'));
      await authForm(page).getByRole('button', { name: 'Continue with Facebook', exact: true }).click();
      if (choose) {
        await page.waitForURL((u) => u.pathname.startsWith('/oidc/'));
        await page.getByRole('button', { name: /Magnus Gunn/ }).click();
      }
    };
    // The callback returns to the page the sign-in started from (auth_redirect: /auth here).
    const signedIn = async () => {
      await page.waitForURL(url('/auth'), { timeout: 20_000 });
      await page.getByRole('banner').getByRole('button', { name: 'Account menu for Magnus Gunn' }).waitFor();
    };
    const challenge = page.getByRole('region', { name: 'Two-step verification' });
    await socialSignIn(true);
    await signedIn();

    await page.goto(url('/profile'));
    await section(page, 'Password').getByText('there is no password to change', { exact: false }).waitFor();
    const mfa = section(page, 'Two-step verification');
    await mfa.getByRole('button', { name: 'Set up an authenticator app' }).click();
    const secret = (await mfa.getByTestId('totp-secret').textContent())!.trim();
    await mfa.getByLabel(/Authentication code/).fill(codes(secret).right);
    await mfa.getByRole('button', { name: 'Verify' }).click();
    await mfa.getByRole('button', { name: 'Turn off' }).waitFor();

    // Through Facebook again the callback asks for the code; the user goes to /profile instead (an aal1 session):
    // the page is not shown, only the code screen, until the code is entered there.
    await signOutFromMenu(page, 'Magnus Gunn');
    await socialSignIn(false);
    await challenge.getByLabel(/Authentication code/).waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth/callback');
    await page.goto(url('/profile'));
    await page.getByRole('heading', { level: 1, name: 'Enter your authenticator code' }).waitFor();
    expect(await section(page, 'Download my data').count()).toBe(0);
    await challenge.getByLabel(/Authentication code/).fill(codes(secret).wrong);
    await challenge.getByRole('button', { name: 'Verify' }).click();
    await challenge.getByRole('alert').getByText('Invalid TOTP code entered').waitFor();
    await challenge.getByLabel(/Authentication code/).fill(codes(secret).right);
    await challenge.getByRole('button', { name: 'Verify' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 20_000 }),
      section(page, 'Download my data').getByRole('button', { name: 'Download my data' }).click(),
    ]);
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    const data = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
      account: { email: string; identities: { provider: string }[]; mfa_factors: { status: string }[] };
    };
    expect(data.account.email).toBe('magnus@pentland.test');
    expect(data.account.identities.map((i) => i.provider)).toEqual(['facebook']);
    expect(data.account.mfa_factors.map((f) => f.status)).toEqual(['verified']);

    // Through Facebook once more, answering the callback's challenge: a wrong code is refused, the right one goes on.
    await signOutFromMenu(page, 'Magnus Gunn');
    await socialSignIn(false);
    await challenge.getByLabel(/Authentication code/).fill(codes(secret).wrong);
    await challenge.getByRole('button', { name: 'Verify' }).click();
    await challenge.getByRole('alert').getByText('Invalid TOTP code entered').waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth/callback');
    await challenge.getByLabel(/Authentication code/).fill(codes(secret).right);
    await challenge.getByRole('button', { name: 'Verify' }).click();
    await signedIn();

    // aal2 now: turning the factor off needs no second code; then the account goes.
    await page.goto(url('/profile'));
    await section(page, 'Two-step verification').getByRole('button', { name: 'Turn off' }).click();
    await section(page, 'Two-step verification').getByText('Two-step verification is off.').first().waitFor();
    await section(page, 'Delete account').getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Type your e-mail address to confirm').fill('magnus@pentland.test');
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await page.waitForURL(url('/'), { timeout: 20_000 });
    expect(
      await testSql(
        `select 1 from auth.identities where provider = 'facebook' and email = 'magnus@pentland.test'`,
      ),
    ).toHaveLength(0);
    const expected = [
      /HTTP 422 POST .*\/auth\/v1\/factors\/.*\/verify/, // the wrong codes
      /HTTP 403 POST .*\/auth\/v1\/logout\?scope=local/, // the deleted user's session is already gone
    ];
    expect(errors.filter((e) => !expected.some((re) => re.test(e)))).toEqual([]);
    await context.close();
  }, 150_000);
});
