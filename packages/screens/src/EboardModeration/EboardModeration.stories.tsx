import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { EboardModeration, type ModerationEntry } from './EboardModeration.tsx';

const entries: ModerationEntry[] = [
  {
    id: 'e1',
    reference: 'EB-11111111',
    title: 'Open night',
    message: 'Come and throw a few darts.',
    category: 'Sport and clubs',
    author: 'Seaforth Darts',
    email: 'club@seaforth.test',
    status: 'pending',
    displayFrom: '2026-11-24',
    displayUntil: '2026-11-30',
    received: '23 Nov 2026, 09:00',
  },
  {
    id: 'e2',
    reference: 'EB-22222222',
    title: 'Coffee morning',
    message: 'Saturday at the hall.',
    category: 'Community',
    author: 'Thurso Hall',
    email: 'hall@example.test',
    status: 'pending',
    displayFrom: '2026-11-24',
    displayUntil: '2026-11-28',
    received: '23 Nov 2026, 09:30',
  },
];
const statuses = ['pending', 'approved', 'rejected', 'archived'].map((s) => ({
  value: s,
  label: s[0]!.toUpperCase() + s.slice(1),
}));
const actions = {
  pending: ['approve', 'reject', 'archive'],
  approved: ['reject', 'archive'],
  rejected: ['reopen', 'archive'],
  archived: ['reopen'],
} as const;

/** /eboard-dashboard: counts, bulk actions, edit; empty, loaded and error. */
const meta = {
  title: 'Dashboards/EboardModeration',
  component: EboardModeration,
  parameters: { layout: 'padded' },
  args: {
    state: 'ready',
    entries,
    counts: { pending: 2, approved: 5, rejected: 1, archived: 0 },
    statuses,
    statusFilter: 'pending',
    onStatusFilterChange: fn(),
    actions,
    onModerate: fn(),
    onSave: fn(),
  },
} satisfies Meta<typeof EboardModeration>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {
  play: async ({ canvas, args, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Approve EB-11111111' }));
    await expect(args.onModerate).toHaveBeenCalledWith(['e1'], 'approve');
  },
};

export const BulkReject: Story = {
  play: async ({ canvas, args, userEvent }) => {
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Select EB-11111111' }));
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Select EB-22222222' }));
    await expect(canvas.getByRole('button', { name: 'Reject selected' })).toBeDisabled();
    await userEvent.type(canvas.getByLabelText('Reason for rejection'), 'Duplicate notices');
    await userEvent.click(canvas.getByRole('button', { name: 'Reject selected' }));
    await expect(args.onModerate).toHaveBeenCalledWith(['e1', 'e2'], 'reject', 'Duplicate notices');
  },
};

export const Editing: Story = {
  play: async ({ canvas, args, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Edit EB-11111111' }));
    const title = canvas.getByLabelText('Title');
    await userEvent.clear(title);
    await userEvent.type(title, 'Darts open night');
    await userEvent.click(canvas.getByRole('button', { name: 'Save changes' }));
    await expect(args.onSave).toHaveBeenCalledWith('e1', {
      title: 'Darts open night',
      message: 'Come and throw a few darts.',
      displayFrom: '2026-11-24',
      displayUntil: '2026-11-30',
    });
  },
};

export const Empty: Story = {
  args: { entries: [], counts: {} },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No entries with this status.')).toBeVisible();
  },
};

export const LoadError: Story = {
  args: { state: 'error', entries: [], onRetry: fn() },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('The entries could not be loaded');
  },
};
