// Two-step verification cannot be skipped in the browser: a user who turned it on (enrolled on /profile, where the
// QR code must render) and then signs in with the password only sees nothing but the code screen on every protected
// route they open by address — their posters, profile and articles stay hidden — until they enter the code.
import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { Secret, TOTP } from 'otpauth';
import { authForm, screenshotDir, startJourney, submitSignIn, url } from './e2e.ts';
import { createConfirmedUser, supabaseClient, testSql, uniqueEmail } from './helpers.ts';
import { browser } from './shared-browser.ts';

/** The code the authenticator app shows `offset` 30-second steps from now. */
const codeAt = (secret: string, offset = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offset * 30_000,
  });

/** The image's pixels as the browser decoded them (0 × 0 when the image is broken). */
const renderedSize = (page: Page, selector: string) =>
  page.locator(selector).evaluate((img: HTMLImageElement) =>
    img.decode().then(
      () => ({ width: img.naturalWidth, height: img.naturalHeight }),
      () => ({ width: img.naturalWidth, height: img.naturalHeight }),
    ),
  );

const codeScreen = (page: Page) =>
  page.getByRole('heading', { level: 1, name: 'Enter your authenticator code' });

/** A confirmed user with a verified TOTP factor (enrolled and verified through Auth); returns the secret. */
async function userWithFactor(email: string, password: string, fullName: string) {
  const id = await createConfirmedUser(email, password, fullName);
  const client = supabaseClient();
  expect((await client.auth.signInWithPassword({ email, password })).error).toBeNull();
  const enrolled = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
  expect(enrolled.error).toBeNull();
  const secret = enrolled.data!.totp.secret;
  const verified = await client.auth.mfa.challengeAndVerify({
    factorId: enrolled.data!.id,
    code: codeAt(secret),
  });
  expect(verified.error).toBeNull();
  return { id, secret };
}

/** Signs in on /auth with the password only; the sign-in form then asks for the code. */
async function passwordOnly(page: Page, email: string, password: string) {
  await page.goto(url('/auth'));
  await submitSignIn(authForm(page), email, password);
  await page
    .getByRole('region', { name: 'Two-step verification' })
    .getByLabel(/Authentication code/)
    .waitFor();
}

describe('two-step verification in the browser', () => {
  it('the enrolment QR code on /profile is an image the browser draws', async () => {
    const email = uniqueEmail('mfa-qr');
    const password = 'thurso-lighthouse-9';
    await createConfirmedUser(email, password, 'Morag Gunn');
    const { page, errors } = await startJourney(browser);
    await page.goto(url('/auth'));
    await submitSignIn(authForm(page), email, password);
    await page.waitForURL(url('/welcome'));
    await page.goto(url('/profile'));
    const mfa = page.getByRole('region', { name: 'Two-step verification', exact: true });
    await mfa.getByRole('button', { name: 'Set up an authenticator app' }).click();
    await mfa.getByRole('img', { name: /QR code/ }).waitFor();
    const size = await renderedSize(page, 'section img[alt*="QR code"]');
    mkdirSync(screenshotDir, { recursive: true });
    await mfa.screenshot({ path: `${screenshotDir}mfa-qr-code.png` });
    expect(size.width).toBeGreaterThan(0);
    expect(size.height).toBeGreaterThan(0);
    // The typed key still works, and verifies the factor.
    const secret = (await mfa.getByTestId('totp-secret').textContent())!.trim();
    await mfa.getByLabel(/Authentication code/).fill(codeAt(secret));
    await mfa.getByRole('button', { name: 'Verify' }).click();
    await mfa.getByText('Two-step verification is on.', { exact: false }).waitFor();
    expect(errors).toEqual([]);
  });

  it('a password-only sign-in sees only the code screen on every protected route by address; after the code, everything works', async () => {
    const email = uniqueEmail('mfa-guard');
    const password = 'thurso-lighthouse-9';
    const { id, secret } = await userWithFactor(email, password, 'Morag Gunn');
    await testSql('insert into public.admin_users (user_id) values ($1)', [id]);
    await testSql(`insert into public.posters (user_id, title) values ($1, 'Wick harbour gala')`, [id]);
    await testSql(
      `insert into public.articles (author_id, title, slug, content) values ($1, 'Backups for crofters', $2, 'Draft')`,
      [id, `backups-for-crofters-${id.slice(0, 8)}`],
    );
    const { page, errors } = await startJourney(browser);
    await passwordOnly(page, email, password);

    // Leaving the code screen for the protected pages by address: the code screen again, and nothing of theirs.
    for (const path of ['/poster-creator', '/profile', '/dashboard', '/welcome', '/eboard-dashboard']) {
      await page.goto(url(path));
      await codeScreen(page).waitFor();
      expect(page.url()).toBe(url(path));
      await expect(page.getByLabel(/Authentication code/).isVisible()).resolves.toBe(true);
      for (const hidden of ['Wick harbour gala', 'Backups for crofters', 'Your posters', 'Download my data'])
        expect(await page.getByText(hidden).count(), `${hidden} on ${path}`).toBe(0);
    }
    mkdirSync(screenshotDir, { recursive: true });
    await page.screenshot({ path: `${screenshotDir}mfa-code-screen.png`, fullPage: true });

    // The code, entered on the screen where the user is: the page itself follows, and so do the others.
    await page.goto(url('/poster-creator'));
    await codeScreen(page).waitFor();
    // The step after the one used at enrolment (each code is taken once).
    await page.getByLabel(/Authentication code/).fill(codeAt(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('list', { name: 'Your posters' }).getByText('Wick harbour gala').waitFor();
    await page.goto(url('/dashboard'));
    await page.getByText('Backups for crofters').first().waitFor();
    await page.goto(url('/profile'));
    await page.getByRole('region', { name: 'Two-step verification', exact: true }).waitFor();
    await page.goto(url('/eboard-dashboard'));
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await codeScreen(page).count()).toBe(0);
    expect(await page.getByText('Access Denied').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('the code screen is left by signing out', async () => {
    const email = uniqueEmail('mfa-signout');
    const password = 'dunnet-head-4';
    await userWithFactor(email, password, 'Iain Bain');
    const { page } = await startJourney(browser);
    await passwordOnly(page, email, password);
    await page.goto(url('/profile'));
    await codeScreen(page).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { level: 1, name: 'Authentication Required' }).waitFor();
    expect(await codeScreen(page).count()).toBe(0);
  });

  it('cancelling the code after a password sign-in on /auth signs out: the form again, no session kept', async () => {
    const email = uniqueEmail('mfa-cancel');
    const password = 'holborn-head-6';
    await userWithFactor(email, password, 'Catriona Mackay');
    const { page, errors } = await startJourney(browser);
    // /auth is served as islands: the form's session is read only once the sign-in has stored one.
    await passwordOnly(page, email, password);
    await page
      .getByRole('region', { name: 'Two-step verification' })
      .getByRole('button', { name: 'Cancel' })
      .click();
    await authForm(page).getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    const stored = () =>
      page.evaluate(() => Object.keys(localStorage).filter((k) => /^sb-.+-auth-token$/.test(k)));
    await expect.poll(stored).toEqual([]);
    // No aal1 session left behind for another page to find.
    await page.goto(url('/profile'));
    await page.getByRole('heading', { level: 1, name: 'Authentication Required' }).waitFor();
    expect(await codeScreen(page).count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
