import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { sampleAdmin, sampleUser, sampleUserMenu } from '../fixtures/site.ts';
import { vars } from '../theme/theme.css.ts';
import { UserMenu } from './UserMenu.tsx';

/** The signed-in user's menu. */
const meta = {
  title: 'Components/UserMenu',
  component: UserMenu,
  parameters: { layout: 'fullscreen' },
  decorators: [
    (Story) => (
      // A stand-in for the top bar, with room below for the open menu.
      <div style={{ minHeight: '640px' }}>
        <div
          style={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'flex-end',
            height: vars.navHeight,
            padding: `0 ${vars.space['4']}`,
            background: vars.color.surfaceInverse,
          }}
        >
          <Story />
        </div>
      </div>
    ),
  ],
  args: {
    ...sampleUserMenu,
    ...sampleUser,
    isAdmin: false,
    onSignOut: fn(),
  },
} satisfies Meta<typeof UserMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

const everyone = [
  'Profile',
  'Dashboard Home',
  'Article Management',
  'AI Generator',
  'Create Article',
  'Request Consultation',
];

async function openMenu(
  canvas: { getByRole: typeof screen.getByRole },
  userEvent: { click: (el: Element) => Promise<void> },
) {
  await userEvent.click(canvas.getByRole('button', { name: /Account menu for/ }));
  return within(await screen.findByRole('menu'));
}

const picture = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="#0a5c4a"/><circle cx="32" cy="26" r="12" fill="#f5b942"/></svg>')}`;

/** A user with a picture: it shows in the trigger instead of the initial. */
export const WithPicture: Story = {
  args: { avatarUrl: picture },
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole('button', { name: /Account menu for/ });
    const img = trigger.querySelector('img');
    await expect(img).toHaveAttribute('src', picture);
    await waitFor(() => expect(img?.naturalWidth).toBe(64));
  },
};

export const NonAdmin: Story = {
  play: async ({ canvas, userEvent }) => {
    const menu = await openMenu(canvas, userEvent);
    await expect(menu.getByText('Ada Lovelace', { selector: 'span:not([aria-hidden])' })).toBeVisible();
    await expect(menu.getByText('ada@pentland.example')).toBeVisible();
    const items = menu.getAllByRole('menuitem').map((i) => i.textContent);
    await expect(items).toEqual([...everyone, 'Sign Out', 'Manage E-Board']);
    await expect(menu.getByRole('menuitem', { name: 'Dashboard Home' })).toHaveAttribute('href', '/welcome');
    await expect(menu.getByRole('menuitem', { name: 'Article Management' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    await expect(menu.queryByText('Admin Only')).toBeNull();
    await expect(menu.queryByRole('menuitem', { name: 'Manage Consultations' })).toBeNull();
  },
};

export const PremiumMember: Story = {
  args: { plan: 'Premium' },
  play: async ({ canvas, userEvent }) => {
    const menu = await openMenu(canvas, userEvent);
    await expect(menu.getByText('Premium')).toBeVisible();
    await expect(menu.getByText('ada@pentland.example')).toBeVisible();
  },
};

export const Admin: Story = {
  args: { isAdmin: true, ...sampleAdmin },
  play: async ({ canvas, userEvent }) => {
    const menu = await openMenu(canvas, userEvent);
    await expect(menu.getByRole('group', { name: 'Admin Only' })).toBeVisible();
    const items = menu.getAllByRole('menuitem').map((i) => i.textContent);
    await expect(items).toEqual([
      ...everyone,
      'Manage Consultations',
      'Manage E-Board',
      'Sign Out',
      'Manage E-Board',
    ]);
    await expect(menu.getByRole('menuitem', { name: 'Manage Consultations' })).toHaveAttribute(
      'href',
      '/consultation-dashboard',
    );
  },
};

export const SignOutClosesMenu: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const menu = await openMenu(canvas, userEvent);
    await userEvent.click(menu.getByRole('menuitem', { name: 'Sign Out' }));
    await expect(args.onSignOut).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  },
};

export const NameFromEmail: Story = {
  args: {
    // What auth-machine's displayName gives a user without a name: the e-mail before '@'.
    displayName: 'grace',
    email: 'grace@pentland.example',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Account menu for grace' })).toBeVisible();
  },
};
