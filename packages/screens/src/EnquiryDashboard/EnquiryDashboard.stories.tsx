import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { EnquiryDashboard, emptyEnquiryFilters, type EnquiryRow } from './EnquiryDashboard.tsx';

const statuses = ['new', 'contacted', 'scheduled', 'completed', 'cancelled'].map((s) => ({
  value: s,
  label: s[0]!.toUpperCase() + s.slice(1),
}));
const transitions = {
  new: ['contacted', 'scheduled', 'cancelled'],
  contacted: ['scheduled', 'completed', 'cancelled'],
  scheduled: ['completed', 'cancelled', 'contacted'],
  completed: [],
  cancelled: ['new'],
};
const rows: EnquiryRow[] = [
  {
    id: 'a',
    kind: 'consultation',
    reference: 'PC-1A2B3C4D',
    received: '23 Nov 2026, 10:04',
    name: 'Fiona Sinclair',
    email: 'fiona@example.co.uk',
    phone: '07700 900123',
    company: 'Sinclair Crofts',
    about: 'Cloud Infrastructure',
    status: 'new',
    details: [
      ['Consultation', 'Cloud readiness review'],
      ['Preferred time', 'Tuesday 24 November 2026 at 10:00 (UK time)'],
    ],
  },
  {
    id: 'b',
    kind: 'contact',
    reference: 'PM-9F8E7D6C',
    received: '22 Nov 2026, 16:40',
    name: 'Magnus Gunn',
    email: 'magnus@example.test',
    about: 'Hosting',
    status: 'completed',
    details: [['Message', 'Do you host WordPress?']],
  },
];
const base = {
  state: 'ready' as const,
  rows,
  filters: emptyEnquiryFilters,
  onFiltersChange: fn(),
  statuses,
  services: [{ value: 'cloud-infrastructure', label: 'Cloud Infrastructure' }],
  transitions,
  onSelect: fn(),
  onStatusChange: fn(),
  onAddNote: fn(),
  onExport: fn(),
};

/** /consultation-dashboard: empty, loaded, selected with history, error. */
const meta = {
  title: 'Dashboards/EnquiryDashboard',
  component: EnquiryDashboard,
  parameters: { layout: 'padded' },
  args: base,
} satisfies Meta<typeof EnquiryDashboard>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {
  play: async ({ canvas, args, userEvent }) => {
    await expect(canvas.getByText('2 enquiries')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Export CSV' }));
    await expect(args.onExport).toHaveBeenCalled();
    await userEvent.click(canvas.getByRole('button', { name: 'Open PC-1A2B3C4D' }));
    await expect(args.onSelect).toHaveBeenCalledWith('a');
  },
};

export const Selected: Story = {
  args: {
    selectedId: 'a',
    history: {
      notes: [
        {
          id: 'n1',
          author: 'admin@pentland.test',
          at: '23 Nov 2026, 11:00',
          body: 'Called back; prefers mornings.',
        },
      ],
      events: [
        { id: 'e1', at: '23 Nov 2026, 10:04', text: 'Received (the requester)' },
        { id: 'e2', at: '23 Nov 2026, 11:00', text: 'New → Contacted by admin@pentland.test' },
      ],
    },
  },
  play: async ({ canvas, args, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Mark contacted' }));
    await expect(args.onStatusChange).toHaveBeenCalledWith(rows[0], 'contacted');
    await expect(canvas.getByRole('list', { name: 'History' })).toHaveTextContent('New → Contacted');
    await userEvent.type(canvas.getByLabelText('Internal note'), 'Booked for Tuesday');
    await userEvent.click(canvas.getByRole('button', { name: 'Add note' }));
    await expect(args.onAddNote).toHaveBeenCalledWith(rows[0], 'Booked for Tuesday');
  },
};

const booked: EnquiryRow = {
  ...rows[0]!,
  id: 'c',
  reference: 'PC-5E6F7A8B',
  status: 'scheduled',
  details: [
    ['Consultation', 'Cloud readiness review'],
    ['Preferred time', 'Tuesday 15 December 2026 at 10:00 (UK time)'],
  ],
  booking: { day: '2026-12-15', time: '10:00' },
};
const withBooking = {
  rows: [booked, ...rows],
  selectedId: 'c',
  onMoveBooking: fn(),
  onCancelBooking: fn(),
};

/** A booked consultation: moved or cancelled with a reason for the visitor; no bare 'Mark cancelled'. */
export const BookingChange: Story = {
  args: withBooking,
  play: async ({ canvas, args, userEvent }) => {
    await expect(canvas.getByRole('group', { name: 'Change the booking' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Mark cancelled' })).toBeNull();
    await expect(canvas.getByLabelText(/^New day/)).toHaveValue('2026-12-15');
    await userEvent.click(canvas.getByRole('button', { name: 'Move booking' }));
    await expect(canvas.getByText('Give the visitor a reason')).toBeVisible();
    await expect(args.onMoveBooking).not.toHaveBeenCalled();
    await userEvent.type(canvas.getByLabelText(/^Reason for the visitor/), 'Our engineer is away.');
    const time = canvas.getByLabelText(/^New time \(UK\)/);
    await userEvent.clear(time);
    await userEvent.type(time, '14:30');
    await userEvent.click(canvas.getByRole('button', { name: 'Move booking' }));
    await expect(args.onMoveBooking).toHaveBeenCalledWith(
      booked,
      '2026-12-15T14:30',
      'Our engineer is away.',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel booking' }));
    await expect(args.onCancelBooking).toHaveBeenCalledWith(booked, 'Our engineer is away.');
  },
};

/** A move onto a held time: the server's answer names the booking it clashes with. */
export const BookingClash: Story = {
  args: {
    ...withBooking,
    actionMessage: {
      tone: 'error',
      text: 'This time overlaps booking PC-0A1B2C3D on Tuesday 15 December 2026 at 14:00 (UK time); choose another time.',
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('overlaps booking PC-0A1B2C3D');
  },
};

export const RefusedTransition: Story = {
  args: {
    selectedId: 'b',
    actionMessage: { tone: 'error', text: 'Status cannot change from completed to new' },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('This enquiry is closed.')).toBeVisible();
    await expect(canvas.getByRole('alert')).toHaveTextContent('completed to new');
  },
};

export const Empty: Story = {
  args: { rows: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No enquiries match these filters.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  },
};

export const Loading: Story = {
  args: { state: 'loading', rows: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading enquiries...');
  },
};

export const LoadError: Story = {
  args: { state: 'error', rows: [], error: 'Failed to fetch', onRetry: fn() },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('The enquiries could not be loaded');
  },
};
