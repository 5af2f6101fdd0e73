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
