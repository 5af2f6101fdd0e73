import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, within } from 'storybook/test';
import { Button } from '../Button/Button.tsx';
import { sampleMobileLinks, sampleTopNav } from '../fixtures/site.ts';
import { TopNav } from './TopNav.tsx';

const meta = {
  title: 'Components/TopNav',
  component: TopNav,
  args: { ...sampleTopNav, pathname: '/' },
  decorators: [
    (Story) => (
      <div style={{ minHeight: '100vh' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof TopNav>;

export default meta;
type Story = StoryObj<typeof meta>;

const mobile = { viewport: { value: 'mobile375' } };
/** Mobile-only states are pictured at 375 px only. */
const mobileOnly = { visual: { widths: [375] } };

function FakeUserMenu() {
  return (
    <Button variant="inverse" size="small" aria-label="Open user menu for Morag Sinclair">
      Morag Sinclair
    </Button>
  );
}

export const SignedOut: Story = {
  play: async ({ canvas }) => {
    const nav = canvas.getByRole('navigation', { name: 'Main' });
    for (const label of ['Services', 'Providers', 'E-Board', 'Pricing', 'Clients', 'Social']) {
      await expect(within(nav).getByRole('link', { name: new RegExp(`^${label}`) })).toBeVisible();
    }
    await expect(within(nav).getByRole('link', { name: 'E-Board NEW' })).toHaveAttribute(
      'href',
      '/eboard-submissions',
    );
    await expect(canvas.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
    await expect(canvas.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
  },
};

export const SignedIn: Story = {
  args: { signedIn: true, userMenu: <FakeUserMenu /> },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('link', { name: 'Sign In' })).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Open user menu for Morag Sinclair' })).toBeVisible();
  },
};

/** The narrowest supported screen: the brand name gives way, the menu button stays in view. */
export const SignedInAt320: Story = {
  args: { signedIn: true, userMenu: <FakeUserMenu /> },
  globals: { viewport: { value: 'mobile320' } },
  parameters: { visual: { widths: [320] } },
  play: async ({ canvas }) => {
    const toggle = canvas.getByRole('button', { name: 'Open menu' });
    await expect(toggle.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

export const ActiveLink: Story = {
  args: { pathname: '/pricing' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Pricing' })).toHaveAttribute('aria-current', 'page');
  },
};

export const MobileClosed: Story = {
  globals: mobile,
  parameters: mobileOnly,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.queryByRole('link', { name: 'Sign In' })).toBeNull();
  },
};

export const MobileMenuOpenSignedOut: Story = {
  globals: mobile,
  parameters: mobileOnly,
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Open menu' }));
    await expect(canvas.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    const main = canvas.getByRole('navigation', { name: 'Main Pages' });
    await expect(within(main).getByRole('link', { name: 'E-Board NEW' })).toBeVisible();
    const contact = canvas.getByRole('navigation', { name: 'Contact' });
    await expect(within(contact).getByRole('link', { name: 'Contact' })).toBeVisible();
    const getStarted = canvas.getByRole('navigation', { name: 'Get Started' });
    await expect(within(getStarted).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
    await expect(canvas.queryByRole('navigation', { name: 'User Account' })).toBeNull();
    const panel = canvas.getByRole('navigation', { name: 'Main Pages' }).parentElement!;
    await expect(getComputedStyle(panel).maxHeight).toBe(
      `${Math.round(window.innerHeight * 0.7 * 100) / 100}px`,
    );
    await expect(getComputedStyle(panel).overflowY).toBe('auto');
  },
};

/** The mobile Main Pages group may hold more than the bar: About Us joins it, the desktop bar keeps its six links. */
export const MobileMainPagesWithAbout: Story = {
  args: { mobileLinks: sampleMobileLinks },
  globals: mobile,
  parameters: mobileOnly,
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Open menu' }));
    const main = canvas.getByRole('navigation', { name: 'Main Pages' });
    await expect(
      within(main)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Services', 'Providers', 'E-BoardNEW', 'Pricing', 'Clients', 'Social', 'About Us']);
    await expect(within(main).getByRole('link', { name: 'About Us' })).toHaveAttribute('href', '/about');
    const bar = canvas.getByRole('navigation', { name: 'Main' });
    await expect(within(bar).queryByRole('link', { name: 'About Us' })).toBeNull();
  },
};

export const MobileMenuOpenSignedIn: Story = {
  globals: mobile,
  parameters: mobileOnly,
  args: { signedIn: true, userMenu: <FakeUserMenu />, onSignOut: fn() },
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Open menu' }));
    const account = canvas.getByRole('navigation', { name: 'User Account' });
    for (const label of [
      'Profile',
      'Dashboard Home',
      'Article Management',
      'AI Generator',
      'Create Article',
      'Request Consultation',
    ]) {
      await expect(within(account).getByRole('link', { name: label })).toBeVisible();
    }
    await expect(canvas.queryByRole('navigation', { name: 'Get Started' })).toBeNull();
    await userEvent.click(within(account).getByRole('button', { name: 'Sign Out' }));
    await expect(args.onSignOut).toHaveBeenCalledTimes(1);
    await expect(canvas.queryByRole('navigation', { name: 'User Account' })).toBeNull();
  },
};

/** The open menu at 375 px, as a reviewer sees it (opened through the component's own prop). */
export const MobileMenuOpen: Story = {
  globals: mobile,
  parameters: mobileOnly,
  args: { defaultMobileOpen: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('navigation', { name: 'Main Pages' })).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Get Started' })).toBeVisible();
  },
};

function RouteChangeDemo() {
  const [pathname, setPathname] = useState('/');
  return (
    <>
      <TopNav {...sampleTopNav} pathname={pathname} />
      <main style={{ paddingTop: 80 }}>
        <button type="button" onClick={() => setPathname('/services')}>
          Simulate route change
        </button>
      </main>
    </>
  );
}

export const MobileMenuClosesOnRouteChange: Story = {
  globals: mobile,
  parameters: mobileOnly,
  render: () => <RouteChangeDemo />,
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Open menu' }));
    await expect(canvas.getByRole('navigation', { name: 'Main Pages' })).toBeVisible();
    // The menu covers the page; the route change comes from outside (e.g. browser back).
    canvas.getByRole('button', { name: 'Simulate route change', hidden: true }).click();
    await expect(await canvas.findByRole('button', { name: 'Open menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await expect(canvas.queryByRole('navigation', { name: 'Main Pages' })).toBeNull();
  },
};

export const MobileMenuClosesOnEscape: Story = {
  globals: mobile,
  parameters: mobileOnly,
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Open menu' }));
    await userEvent.keyboard('{Escape}');
    await expect(canvas.queryByRole('navigation', { name: 'Main Pages' })).toBeNull();
  },
};
