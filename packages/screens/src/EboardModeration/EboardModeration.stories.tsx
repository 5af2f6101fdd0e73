import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor } from 'storybook/test';
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
/** A picture as a visitor might send one: 640 × 360, four coloured bands. */
const picture = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360"><rect width="160" height="360" fill="#0b3d5c"/><rect x="160" width="160" height="360" fill="#e8a33d"/><rect x="320" width="160" height="360" fill="#3a7d44"/><rect x="480" width="160" height="360" fill="#c0392b"/></svg>',
)}`;
const pictured: ModerationEntry[] = [
  { ...entries[0]!, imageUrl: picture },
  { ...entries[1]!, imageLoading: true },
];

const loaded = (img: HTMLElement) =>
  waitFor(() =>
    expect((img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth).toBe(640),
  );

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
    scheduleRules: {
      weekdays: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map(
        (label) => ({
          value: label.slice(0, 3).toLowerCase(),
          label,
        }),
      ),
      defaultSeconds: 12,
      minSeconds: 5,
      maxSeconds: 120,
    },
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
      schedule: [],
      seconds: '',
    });
  },
};

export const EditingSchedule: Story = {
  play: async ({ canvas, args, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Edit EB-22222222' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Add a time window' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Sat' }));
    await userEvent.type(canvas.getByLabelText('Seconds on screen'), '15');
    await userEvent.click(canvas.getByRole('button', { name: 'Save changes' }));
    await expect(args.onSave).toHaveBeenCalledWith('e2', {
      title: 'Coffee morning',
      message: 'Saturday at the hall.',
      displayFrom: '2026-11-24',
      displayUntil: '2026-11-28',
      schedule: [{ days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat'], from: '09:00', to: '17:00' }],
      seconds: '15',
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

/** The picture and the message are in the list, before anything is approved; the thumbnail opens it larger. */
export const WithPicture: Story = {
  args: { entries: pictured },
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByText('Come and throw a few darts.')).toBeVisible();
    await loaded(canvas.getByAltText('Picture sent with EB-11111111'));
    // A private picture whose address is still being signed says so, rather than 'No picture'.
    await expect(canvas.getByText('Loading the picture…')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Enlarge the picture of EB-11111111' }));
    const dialog = await screen.findByRole('dialog', { name: 'Picture sent with EB-11111111' });
    const large = await waitFor(() => {
      const img = dialog.querySelector('img')!;
      expect(img).toBeTruthy();
      return img;
    });
    await loaded(large);
    await expect(large.getBoundingClientRect().width).toBeGreaterThan(300);
  },
};

/** The editor shows the picture at full width above the text. */
export const EditingWithPicture: Story = {
  args: { entries: pictured },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Edit EB-11111111' }));
    const editor = canvas.getByRole('region', { name: 'Edit EB-11111111' });
    const img = editor.querySelector('img')!;
    await loaded(img);
    // The list's thumbnail too: the page's height, and so its picture, depends on it.
    for (const each of canvas.getAllByAltText('Picture sent with EB-11111111')) await loaded(each);
    await expect(img).toHaveAccessibleName('Picture sent with EB-11111111');
    await expect(img.getBoundingClientRect().width).toBeGreaterThan(300);
  },
};

/** A picture that cannot be loaded says so instead of a broken image. */
export const PictureUnavailable: Story = {
  args: { entries: [{ ...entries[0]!, imageUrl: 'data:image/png;base64,AAAA' }] },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('The picture could not be loaded.')).toBeVisible();
  },
};
