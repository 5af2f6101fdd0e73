import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { avatarObjectPath, avatarsBucket } from '@pentland/account';
import { authForm, menuTrigger, startJourney, submitSignIn, url } from './e2e.ts';
import { signedInUser } from './helpers.ts';
import { browser } from './shared-browser.ts';

/** A small square PNG, as the profile page stores an avatar. */
function square(): Buffer {
  const png = new PNG({ width: 64, height: 64 });
  for (let i = 0; i < 64 * 64; i++) png.data.set([10, 92, 74, 255], i * 4);
  return PNG.sync.write(png);
}

/** The page's icon: a `<link rel="icon">` whose picture the browser can load. */
async function iconOf(page: Page): Promise<{ href: string | null; loads: boolean }> {
  return page.evaluate(async () => {
    const href = document.querySelector<HTMLLinkElement>('link[rel~="icon"]')?.href ?? null;
    if (!href) return { href, loads: false };
    const img = new Image();
    img.src = href;
    const loads = await img.decode().then(
      () => true,
      () => false,
    );
    return { href, loads };
  });
}

describe('signed-in polish', () => {
  it('shows the uploaded picture in the user menu', async () => {
    const user = await signedInUser('menu-avatar');
    const path = avatarObjectPath(user.id, 'image/png');
    const stored = await user.client.storage
      .from(avatarsBucket)
      .upload(path, square(), { contentType: 'image/png' });
    expect(stored.error).toBeNull();
    const avatarUrl = user.client.storage.from(avatarsBucket).getPublicUrl(path).data.publicUrl;
    expect((await user.client.auth.updateUser({ data: { avatar_url: avatarUrl } })).error).toBeNull();

    const { page, context } = await startJourney(browser);
    try {
      await page.goto(url('/auth'));
      await submitSignIn(authForm(page), user.email, user.password);
      await page.waitForURL(url('/welcome'));
      const picture = menuTrigger(page, 'User menu-avatar').locator('img');
      await picture.waitFor();
      await expect(picture.getAttribute('src')).resolves.toBe(avatarUrl);
      // Decoded and drawn, not a broken image.
      await expect(
        picture.evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth)),
      ).resolves.toBe(64);
    } finally {
      await context.close();
    }
  }, 90_000);

  it('the development sign-in and checkout pages have an icon', async () => {
    const { page, context } = await startJourney(browser);
    try {
      await page.goto(url('/auth'));
      await authForm(page).getByRole('button', { name: 'Continue with Facebook', exact: true }).click();
      await page.waitForURL((u) => u.pathname.startsWith('/oidc/'));
      await expect(iconOf(page)).resolves.toMatchObject({ loads: true });

      const user = await signedInUser('checkout-icon');
      const { data, error } = await user.client.functions.invoke<{ url: string }>('create-checkout-session', {
        body: { plan: 'monthly' },
      });
      expect(error).toBeNull();
      await page.goto(data!.url);
      await page.getByRole('note').filter({ hasText: 'TEST MODE' }).waitFor();
      await expect(iconOf(page)).resolves.toMatchObject({ loads: true });
    } finally {
      await context.close();
    }
  }, 90_000);
});
