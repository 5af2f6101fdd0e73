// Issue 7's journeys 1–6 in Chromium, through the built site, against the real local backend (test/global-setup.ts).
// Nothing is mocked and no request is intercepted; every user is new (unique e-mail) and every journey has its
// own browser context. The tests of one file run one after another.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { passwordUpdateMessages } from '@pentland/auth-machine';
import { welcomeGreeting } from '@pentland/site-data';
import { createConfirmedUser, expectAbout, uniqueEmail, verifyLink, waitForMail } from './helpers.ts';
import {
  authForm,
  holdAppChunks,
  menuTrigger,
  navSignIn,
  signOutFromMenu,
  startJourney,
  submitSignIn,
  msFromTextToPath,
  trackTexts,
  textSeenAt,
  url,
} from './e2e.ts';
import { browser } from './shared-browser.ts';

const validation = {
  email: 'Please enter a valid email address',
  password: 'Password must be at least 6 characters',
  fullName: 'Please enter your full name',
  match: 'Passwords do not match',
};

describe('journey 1: sign up, confirm by e-mail, sign in', () => {
  it('creates the account, confirms it from the mail catcher and signs in to /welcome after about 1 s', async () => {
    const email = uniqueEmail('signup');
    const password = 'heather-hills-42';
    const fullName = 'Eilidh MacLeod';
    const { context, page, errors } = await startJourney(browser);

    await page.goto(url('/auth'));
    const form = authForm(page);
    await form.getByRole('button', { name: 'Sign up', exact: true }).click();
    await form.getByRole('heading', { name: 'Create your account' }).waitFor();
    await form.getByLabel('Full name', { exact: true }).fill(fullName);
    await form.getByLabel('Email', { exact: true }).fill(email);
    await form.getByLabel('Password', { exact: true }).fill(password);
    await form.getByLabel('Confirm password', { exact: true }).fill(password);
    await form.getByRole('button', { name: 'Create Account', exact: true }).click();
    await form
      .getByRole('status')
      .getByText('Account created successfully! Please check your email for verification.', { exact: true })
      .waitFor();
    // The form is cleared.
    await expect(form.getByLabel('Email', { exact: true }).inputValue()).resolves.toBe('');
    await expect(form.getByLabel('Full name', { exact: true }).inputValue()).resolves.toBe('');

    // Confirmation is required, as in production: before the link, signing in is refused.
    const early = await startJourney(browser);
    await early.page.goto(url('/auth'));
    await submitSignIn(authForm(early.page), email, password);
    await authForm(early.page).getByRole('alert').getByText('Email not confirmed', { exact: true }).waitFor();
    await early.context.close();

    const mail = await waitForMail(email, /confirm/i);
    // The callback's message shows for 2 s: on a loaded machine `goto` may return after it has gone, so it is
    // recorded as it shows rather than looked for afterwards.
    await trackTexts(page, ['Successfully signed in']);
    await page.goto(verifyLink(mail));
    // The link goes through the backend's /auth/v1/verify and lands on the site's callback with a code, which
    // signs in and goes on to /welcome.
    await page.waitForURL((u) => u.pathname === '/welcome');
    expect(await textSeenAt(page, 'Successfully signed in'), "the callback's message showed").not.toBeNull();
    await context.close();

    // A new browser: the account is confirmed on the server, so the password signs in.
    const second = await startJourney(browser);
    await trackTexts(second.page, ['Successfully signed in!']);
    await second.page.goto(url('/auth'));
    await submitSignIn(authForm(second.page), email, password);
    await authForm(second.page)
      .getByRole('status')
      .getByText('Successfully signed in!', { exact: true })
      .waitFor();
    expectAbout(await msFromTextToPath(second.page, 'Successfully signed in!', '/welcome'), 1000);
    await second.page.getByRole('heading', { level: 1, name: welcomeGreeting(fullName) }).waitFor();
    // /auth is served as islands (its form and the navigation): the move to /welcome is a page load, which starts
    // the app with the session the form stored.
    await menuTrigger(second.page, fullName).waitFor();
    expect([...errors, ...second.errors]).toEqual([]);
    await second.context.close();
  });
});

describe('journey 1b: signing in on a slow line', () => {
  it("asks for /welcome's code while 'Successfully signed in!' shows, and goes there when its second is up", async () => {
    const email = uniqueEmail('slowline');
    const password = 'slow-line-sign-in-7';
    const fullName = 'Iain Sutherland';
    await createConfirmedUser(email, password, fullName);
    const { context, page, errors } = await startJourney(browser);
    await trackTexts(page, ['Successfully signed in!']);
    await page.goto(url('/auth'));
    // /welcome's code (its page and the signed-in guard) takes half a second to arrive, as on a slow line.
    const nextPageCode = /\/assets\/(WelcomePage|Guard)-[^/]*\.js$/;
    await page.route(nextPageCode, async (route) => {
      await new Promise((r) => setTimeout(r, 500));
      await route.continue();
    });
    // When the page asked for it, by the browser's clock (as `shown` is): the time the test's side hears of the
    // request comes later on a loaded machine (ci92: 1,001 ms, where the page had asked in time).
    const askedAt = new Map<string, number>();
    const cdp = await context.newCDPSession(page);
    cdp.on('Network.requestWillBeSent', (e) => {
      const chunk = nextPageCode.exec(e.request.url)?.[1];
      if (chunk && !askedAt.has(chunk)) askedAt.set(chunk, e.wallTime * 1000);
    });
    await cdp.send('Network.enable');
    await submitSignIn(authForm(page), email, password);
    const ms = await msFromTextToPath(page, 'Successfully signed in!', '/welcome');
    const shown = (await textSeenAt(page, 'Successfully signed in!'))!;
    // Both parts asked for while the message shows, not once its second is up (then /welcome's first render waits
    // for them to come).
    const askedAfterShown = Object.fromEntries([...askedAt].map(([chunk, at]) => [chunk, at - shown < 800]));
    expect(askedAfterShown, "/welcome's code asked for while the message shows").toEqual({
      WelcomePage: true,
      Guard: true,
    });
    expectAbout(ms, 1000);
    await page.getByRole('heading', { level: 1, name: welcomeGreeting(fullName) }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('journey 2: the service error and the validation messages', () => {
  it("shows 'Invalid login credentials' in the red box, then each rule's message one at a time, in order", async () => {
    const { context, page } = await startJourney(browser);
    await page.goto(url('/auth'));
    const form = authForm(page);
    const alerts = form.getByRole('alert');

    await submitSignIn(form, 'user@pentland.test', 'not-the-password');
    await alerts.getByText('Invalid login credentials', { exact: true }).waitFor();
    await expect(alerts.count()).resolves.toBe(1);
    // The red box: the error tone of the Alert.
    await expect(alerts.getAttribute('data-tone')).resolves.toBe('error');

    /** Submits and expects exactly this one validation message. */
    const expectOnly = async (submitLabel: string, message: string) => {
      await form.getByRole('button', { name: submitLabel, exact: true }).click();
      await alerts.getByText(message, { exact: true }).waitFor();
      await expect(alerts.count()).resolves.toBe(1);
      for (const other of Object.values(validation).filter((m) => m !== message)) {
        await expect(page.getByText(other).count(), other).resolves.toBe(0);
      }
    };

    // Sign in: an e-mail without an at sign comes first even with a short password.
    await form.getByLabel('Email', { exact: true }).fill('user.pentland.test');
    await form.getByLabel('Password', { exact: true }).fill('abc');
    await expectOnly('Sign In', validation.email);
    await form.getByLabel('Email', { exact: true }).fill('user@pentland.test');
    await expectOnly('Sign In', validation.password);

    // Sign up: every field wrong, then fixed one by one; each time only the next rule's message shows.
    await form.getByRole('button', { name: 'Sign up', exact: true }).click();
    await expect(alerts.count()).resolves.toBe(0); // switching mode clears the message
    await form.getByLabel('Full name', { exact: true }).fill('   ');
    await form.getByLabel('Email', { exact: true }).fill('no-at-sign');
    await form.getByLabel('Password', { exact: true }).fill('12345');
    await form.getByLabel('Confirm password', { exact: true }).fill('different');
    await expectOnly('Create Account', validation.email);
    await form.getByLabel('Email', { exact: true }).fill(uniqueEmail('validation'));
    await expectOnly('Create Account', validation.password);
    await form.getByLabel('Password', { exact: true }).fill('123456');
    await expectOnly('Create Account', validation.fullName);
    await form.getByLabel('Full name', { exact: true }).fill('Ross Mackenzie');
    await expectOnly('Create Account', validation.match);
    await form.getByLabel('Confirm password', { exact: true }).fill('123456');
    await form.getByRole('button', { name: 'Create Account', exact: true }).click();
    await form
      .getByRole('status')
      .getByText('Account created successfully! Please check your email for verification.', { exact: true })
      .waitFor();
    await expect(alerts.count()).resolves.toBe(0);
    await context.close();
  });
});

describe('journey 3: forgot password', () => {
  it('sends the recovery mail; its link opens /auth/reset-password; the new password signs in, the old one not', async () => {
    const email = uniqueEmail('recover');
    const oldPassword = 'old-password-1';
    const newPassword = 'new-password-2';
    const fullName = 'Morag Sutherland';
    await createConfirmedUser(email, oldPassword, fullName);
    const { context, page, errors } = await startJourney(browser);
    const updated = 'Your password has been updated. Taking you to your dashboard...';
    await trackTexts(page, [updated]);

    await page.goto(url('/auth'));
    const form = authForm(page);
    await form.getByRole('button', { name: 'Forgot your password?', exact: true }).click();
    await form.getByRole('heading', { name: 'Reset your password' }).waitFor();
    // Forgot mode asks for the e-mail only and has no social button.
    await expect(form.getByLabel('Password', { exact: true }).count()).resolves.toBe(0);
    await expect(form.getByRole('button', { name: 'Continue with Facebook' }).count()).resolves.toBe(0);
    await form.getByLabel('Email', { exact: true }).fill(email);
    await form.getByRole('button', { name: 'Send Reset Email', exact: true }).click();
    await form
      .getByRole('status')
      .getByText('Password reset email sent! Please check your inbox.', { exact: true })
      .waitFor();

    const mail = await waitForMail(email, /reset/i);
    await page.goto(verifyLink(mail));
    await page.waitForURL((u) => u.pathname === '/auth/reset-password');
    const reset = page.locator('section[data-status]');
    await reset.getByRole('heading', { name: 'Set a new password' }).waitFor();
    await reset.getByLabel('New password', { exact: true }).waitFor();
    // Reloaded, the page finds the session the link left in the browser (its address no longer carries the link, and
    // the server renders it as opened without one): the form again, not where a link comes from.
    await page.reload();
    await reset.getByLabel('New password', { exact: true }).waitFor();
    await expect(page.getByText(passwordUpdateMessages.noLink).count()).resolves.toBe(0);
    // The page's own validation: length first, then the match, one message at a time.
    const update = reset.getByRole('button', { name: 'Update password', exact: true });
    await reset.getByLabel('New password', { exact: true }).fill('short');
    await reset.getByLabel('Confirm new password', { exact: true }).fill('other');
    await update.click();
    await reset.getByRole('alert').getByText(validation.password, { exact: true }).waitFor();
    await expect(page.getByText(validation.match).count()).resolves.toBe(0);
    await reset.getByLabel('New password', { exact: true }).fill(newPassword);
    await update.click();
    await reset.getByRole('alert').getByText(validation.match, { exact: true }).waitFor();
    await expect(page.getByText(validation.password).count()).resolves.toBe(0);
    await reset.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
    await update.click();
    await reset.getByRole('status').getByText(updated, { exact: true }).waitFor();
    expectAbout(await msFromTextToPath(page, updated, '/welcome'), 2000);
    await page.getByRole('heading', { level: 1, name: welcomeGreeting(fullName) }).waitFor();
    await signOutFromMenu(page, fullName);

    await page.goto(url('/auth'));
    await submitSignIn(authForm(page), email, oldPassword);
    await authForm(page).getByRole('alert').getByText('Invalid login credentials', { exact: true }).waitFor();
    await submitSignIn(authForm(page), email, newPassword);
    await authForm(page).getByRole('status').getByText('Successfully signed in!', { exact: true }).waitFor();
    await page.waitForURL((u) => u.pathname === '/welcome');
    await menuTrigger(page, fullName).waitFor();
    // The old password's refusal is the one failed request.
    expect(errors).toEqual([
      expect.stringMatching(/^HTTP 400 POST .*\/auth\/v1\/token\?grant_type=password$/),
    ]);
    await context.close();
  });
});

describe('journey 4: social sign-in from a signed-in-only page', () => {
  it('goes through the development provider and /auth/callback back to /profile after about 2 s; auth_redirect is removed', async () => {
    const { context, page, errors } = await startJourney(browser);
    const success = 'Successfully signed in with the social provider!';
    await trackTexts(page, ['Processing Authentication', success]);
    // What the site stored under auth_redirect as the browser left for the provider (kept in localStorage).
    await page.addInitScript(() => {
      addEventListener('pagehide', () => {
        if (location.pathname === '/profile')
          localStorage.setItem('e2e_redirect_on_leave', String(sessionStorage.getItem('auth_redirect')));
      });
    });
    await page.goto(url('/profile'));
    await page.getByRole('heading', { level: 1, name: 'Authentication Required' }).waitFor();
    await authForm(page).getByRole('button', { name: 'Continue with Facebook', exact: true }).click();

    // The development OpenID Connect provider (packages/local-supabase, registered as 'facebook').
    await page.waitForURL((u) => u.pathname.startsWith('/oidc/'));
    await page.getByRole('button', { name: /Fiona Sinclair/ }).click();

    await page.waitForURL((u) => u.pathname === '/auth/callback');
    await page.getByText(success, { exact: true }).waitFor();
    expectAbout(await msFromTextToPath(page, success, '/profile'), 2000);
    // The callback screen showed its loading state first.
    const processing = await textSeenAt(page, 'Processing Authentication');
    expect(processing).not.toBeNull();
    expect(processing!).toBeLessThanOrEqual((await textSeenAt(page, success))!);
    await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
    await menuTrigger(page, 'Fiona Sinclair').waitFor();
    await expect(page.evaluate(() => localStorage.getItem('e2e_redirect_on_leave'))).resolves.toBe(
      '/profile',
    );
    await expect(page.evaluate(() => sessionStorage.getItem('auth_redirect'))).resolves.toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });
});

/**
 * Opens the callback at `path` with the app's code held, and waits for the served error screen with `message`. It is
 * looked at before the app may start: started, it may leave for /auth at once, when the page showed 3 s before (on a
 * loaded machine, before `load`). `release` lets the app load.
 */
async function servedCallbackError(page: Page, path: string, message: string) {
  const release = await holdAppChunks(page, path);
  await page.goto(url(path), { waitUntil: 'commit' });
  const screen = page.getByRole('alert');
  await screen.getByRole('heading', { name: 'Authentication Failed' }).waitFor();
  await screen.getByText(message, { exact: true }).waitFor();
  return { screen, release };
}

describe('journey 5: callback errors', () => {
  it("shows the provider's error description and goes to /auth after about 3 s", async () => {
    const { context, page, errors } = await startJourney(browser, undefined, { waitForHydration: false });
    const description = 'The user denied the request';
    await trackTexts(page, [description]);
    const path = `/auth/callback?error=access_denied&error_description=${encodeURIComponent(description)}`;
    const { screen, release } = await servedCallbackError(page, path, description);
    await expect(screen.getByRole('button', { name: 'Try Again' }).isVisible()).resolves.toBe(true);
    await expect(screen.getByRole('button', { name: 'Cancel' }).isVisible()).resolves.toBe(true);
    release();
    expectAbout(await msFromTextToPath(page, description, '/auth'), 3000);
    await authForm(page).getByRole('heading', { name: 'Welcome back' }).waitFor();
    // Served with the failure already shown (rendered for the address), and hydrated without a mismatch.
    expect(errors).toEqual([]);
    await context.close();
  });

  it("says 'No authorization code received' without a code, then goes to /auth after about 3 s", async () => {
    const { context, page, errors } = await startJourney(browser, undefined, { waitForHydration: false });
    await trackTexts(page, ['No authorization code received']);
    const { release } = await servedCallbackError(page, '/auth/callback', 'No authorization code received');
    release();
    expectAbout(await msFromTextToPath(page, 'No authorization code received', '/auth'), 3000);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('counts the 3 s from when the served error showed, not from when a slow app started', async () => {
    const { context, page, errors } = await startJourney(browser);
    await trackTexts(page, ['No authorization code received']);
    // When the callback page's app started (html[data-hydrated]).
    await page.addInitScript(() => {
      if (location.pathname !== '/auth/callback') return;
      new MutationObserver((_, observer) => {
        if (!document.documentElement?.hasAttribute('data-hydrated')) return;
        localStorage.setItem('e2e-hydrated', String(Date.now()));
        observer.disconnect();
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-hydrated'] });
    });
    // The app's scripts arrive no sooner than 2.5 s after the page is asked for (a slow phone or line): the served
    // page shows the error meanwhile.
    const released = Date.now() + 2_500;
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await new Promise((r) => setTimeout(r, Math.max(0, released - Date.now())));
      await route.continue();
    });
    await page.goto(url('/auth/callback'));
    const ms = await msFromTextToPath(page, 'No authorization code received', '/auth');
    const shown = (await textSeenAt(page, 'No authorization code received'))!;
    const started = Number(await page.evaluate(() => localStorage.getItem('e2e-hydrated'))) - shown;
    expect(started, 'the app started after the error showed').toBeGreaterThan(1_500);
    // 3 s after the error showed, or at once when the app started later than that; never 3 s after the start. The
    // app's own way from its start to /auth (the rest of the 3 s, then the move) took up to 1.6 s on a loaded machine
    // (ci55); counting the whole delay from the start would take 3 s and more.
    expect(ms).toBeGreaterThanOrEqual(2_400);
    expect(
      ms - started,
      `from the app's start to /auth (the error showed ${ms} ms before /auth)`,
    ).toBeLessThan(2_500);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('journey 6: the signed-in guard', () => {
  it("shows 'Authentication Required' with the form at /dashboard; signing in there reloads into the page", async () => {
    const email = uniqueEmail('guard');
    const password = 'guarded-page-6';
    await createConfirmedUser(email, password, 'Calum Gunn');
    const { context, page, errors } = await startJourney(browser);
    await page.goto(url('/dashboard'));
    await page.getByRole('heading', { level: 1, name: 'Authentication Required' }).waitFor();
    const form = authForm(page);
    await form.getByRole('heading', { level: 2, name: 'Welcome back' }).waitFor();
    await expect(navSignIn(page).isVisible()).resolves.toBe(true);

    // A marker that a reload would drop, and the moment the success message shows in this document.
    await page.evaluate(() => {
      (window as unknown as { __beforeSignIn: boolean }).__beforeSignIn = true;
      const key = 'e2e-seen:Successfully signed in!';
      localStorage.removeItem(key);
      new MutationObserver(() => {
        if (localStorage.getItem(key) === null && document.body.innerText.includes('Successfully signed in!'))
          localStorage.setItem(key, String(Date.now()));
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    // The next navigation of the main frame (the reload) and its time; null if none comes.
    const reloaded = page
      .waitForEvent('framenavigated', { predicate: (f) => f === page.mainFrame(), timeout: 10_000 })
      .then(
        () => Date.now(),
        () => null,
      );
    await submitSignIn(form, email, password);
    await form.getByRole('status').getByText('Successfully signed in!', { exact: true }).waitFor();
    const reloadedAt = await reloaded;
    expect(reloadedAt, 'the page reloads after signing in').not.toBeNull();
    const shownAt = await textSeenAt(page, 'Successfully signed in!');
    expectAbout(reloadedAt! - shownAt!, 1000);
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await expect(
      page.evaluate(() => (window as unknown as { __beforeSignIn?: boolean }).__beforeSignIn ?? false),
    ).resolves.toBe(false);
    await page.getByRole('heading', { level: 1, name: 'Article Management' }).waitFor();
    await expect(page.getByText('Authentication Required').count()).resolves.toBe(0);
    await menuTrigger(page, 'Calum Gunn').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
