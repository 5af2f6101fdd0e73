import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { EboardDisplays, type DisplayRow } from './EboardDisplays.tsx';

const displays: DisplayRow[] = [
  {
    id: 'd1',
    name: 'Reception screen',
    location: 'Thurso office',
    version: 'index-4f2a91c.js',
    showing: '2 entries: Open night, Coffee morning',
    lastSeen: 'just now',
    health: 'alive',
  },
  {
    id: 'd2',
    name: 'Library window',
    location: 'Wick library',
    version: 'index-1b77e0d.js',
    showing: '1 entry: Darts open night',
    lastSeen: '2 h 5 min ago',
    health: 'silent',
  },
];

/** /eboard-dashboard's displays: alive and silent screens, registering one (its URL shown once), reloading one. */
const meta = {
  title: 'Dashboards/EboardDisplays',
  component: EboardDisplays,
  parameters: { layout: 'padded' },
  args: {
    state: 'ready',
    displays,
    onRegister: fn(),
    onReload: fn(),
    onDismissRegistered: fn(),
    silentMinutes: 5,
  },
} satisfies Meta<typeof EboardDisplays>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithASilentDisplay: Story = {
  play: async ({ canvas, args, userEvent }) => {
    await expect(canvas.getByText('A display is silent')).toBeVisible();
    await expect(canvas.getByText('Not heard from for more than 5 minutes: Library window.')).toBeVisible();
    await expect(canvas.getByText('Silent')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Reload Library window' }));
    await expect(args.onReload).toHaveBeenCalledWith('d2');
  },
};

export const AllAlive: Story = {
  args: { displays: [displays[0]!, { ...displays[1]!, lastSeen: '1 min ago', health: 'alive' }] },
  play: async ({ canvas }) => {
    await expect(canvas.queryByText('A display is silent')).toBeNull();
  },
};

export const Registering: Story = {
  args: { displays: [], onRegister: fn(async () => true) },
  play: async ({ canvas, args, userEvent }) => {
    await expect(canvas.getByText('No display registered yet.')).toBeVisible();
    await userEvent.type(canvas.getByLabelText('Name'), 'Hall screen');
    await userEvent.type(canvas.getByLabelText('Location'), 'Castletown hall');
    await userEvent.click(canvas.getByRole('button', { name: 'Register display' }));
    await expect(args.onRegister).toHaveBeenCalledWith('Hall screen', 'Castletown hall');
    // Registered: the fields are empty for the next one.
    await waitFor(() => expect(canvas.getByLabelText('Name')).toHaveValue(''));
  },
};

const refusedRegistration = fn(async () => false);

/** A registration that failed keeps what was typed, to try again without typing it twice. */
export const RegisterRefused: Story = {
  args: {
    displays: [],
    onRegister: refusedRegistration,
    message: { tone: 'error', text: 'The display could not be registered.' },
  },
  play: async ({ canvas, args, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('Name'), 'Hall screen');
    await userEvent.type(canvas.getByLabelText('Location'), 'Castletown hall');
    await userEvent.click(canvas.getByRole('button', { name: 'Register display' }));
    await expect(args.onRegister).toHaveBeenCalledWith('Hall screen', 'Castletown hall');
    // Once the registration has answered.
    await refusedRegistration.mock.results.at(-1)?.value;
    await expect(canvas.getByLabelText('Name')).toHaveValue('Hall screen');
    await expect(canvas.getByLabelText('Location')).toHaveValue('Castletown hall');
  },
};

export const JustRegistered: Story = {
  args: {
    displays: [
      { id: 'd3', name: 'Hall screen', location: 'Castletown hall', lastSeen: 'Never', health: 'never' },
    ],
    registered: {
      name: 'Hall screen',
      url: 'https://pentland.cloud/eboard-welcome?display=1&key=5f0c3a9e8b7d6c5b4a39281706f5e4d3c2b1a09f8e7d6c5b4a3928170615243a',
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Hall screen is registered')).toBeVisible();
    await expect(canvas.getByText('Not seen yet')).toBeVisible();
  },
};
