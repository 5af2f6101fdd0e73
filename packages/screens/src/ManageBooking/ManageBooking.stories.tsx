import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, waitFor } from 'storybook/test';
import { ManageBooking, type ManageBookingProps, type ManagedBookingView } from './ManageBooking.tsx';

// Shaped as manage-booking answers (times in UTC; UK time is UTC in winter).
const booking: ManagedBookingView = {
  reference: 'PC-7F3A21C9',
  typeName: 'Cloud readiness review',
  start: '2026-12-15T10:00:00.000Z',
  end: '2026-12-15T11:00:00.000Z',
  timeZone: 'Europe/London',
  status: 'confirmed',
  canChange: true,
  cutoff: '2026-12-14T10:00:00.000Z',
  contact: { phone: '07700 900461', email: 'hello@pentlandcloud.co.uk' },
};
const free = ['2026-12-16T09:00:00.000Z', '2026-12-16T14:00:00.000Z', '2026-12-17T11:00:00.000Z'].map(
  (start) => ({ start, end: new Date(Date.parse(start) + 3_600_000).toISOString() }),
);

function Live(props: Partial<ManageBookingProps>) {
  const [month, setMonth] = useState('2026-12');
  return (
    <ManageBooking
      view={{ state: 'ready', booking }}
      onCancel={fn(async () => undefined)}
      onReschedule={fn(async () => undefined)}
      reschedule={{ slots: free, month, onMonthChange: setMonth, minMonth: '2026-12', maxMonth: '2027-03' }}
      {...props}
    />
  );
}

/** /bookings/manage: a booked consultation from its e-mail's link. */
const meta = {
  title: 'Forms/ManageBooking',
  component: ManageBooking,
  parameters: { layout: 'padded' },
  args: {
    view: { state: 'ready', booking },
    onCancel: fn(async () => undefined),
    onReschedule: fn(async () => undefined),
  },
} satisfies Meta<typeof ManageBooking>;
export default meta;
type Story = StoryObj<typeof meta>;

export const BeforeCutoff: Story = {
  render: (args) => <Live onCancel={args.onCancel} onReschedule={args.onReschedule} />,
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByText('Tuesday 15 December 2026, 10:00 UK')).toBeVisible();
    await expect(canvas.getByText('PC-7F3A21C9')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Choose another time' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Thursday 17 December 2026, 1 free time' }));
    await userEvent.click(canvas.getByRole('button', { name: '11:00' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Move my booking' }));
    await expect(args.onReschedule).toHaveBeenCalledWith('2026-12-17T11:00:00.000Z');
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    await waitFor(() => expect(dialog).toBeVisible());
    await userEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    await expect(args.onCancel).not.toHaveBeenCalled();
  },
};

export const CancelConfirmed: Story = {
  render: (args) => <Live onCancel={args.onCancel} />,
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    await waitFor(() => expect(dialog).toBeVisible());
    await userEvent.click(screen.getAllByRole('button', { name: 'Cancel booking' }).at(-1)!);
    await waitFor(() => expect(args.onCancel).toHaveBeenCalled());
  },
};

export const TimeTaken: Story = {
  render: () => (
    <Live
      problem={{
        message: 'This time was just taken. Here are the nearest free times.',
        nearest: free.slice(0, 2),
      }}
    />
  ),
  play: async ({ canvas, userEvent }) => {
    await expect(
      canvas.getByText('This time was just taken. Here are the nearest free times.'),
    ).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Wednesday 16 December 2026, 14:00 UK' }));
    await expect(canvas.getByRole('button', { name: 'Move my booking' })).toBeVisible();
  },
};

export const AfterCutoff: Story = {
  args: { view: { state: 'ready', booking: { ...booking, canChange: false } } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/too late to change or cancel this booking online/)).toBeVisible();
    await expect(canvas.getByRole('link', { name: '07700 900461' })).toHaveAttribute(
      'href',
      'tel:+447700900461',
    );
    await expect(canvas.queryByRole('button', { name: 'Cancel booking' })).toBeNull();
  },
};

export const VisitorInNewYork: Story = {
  args: { view: { state: 'ready', booking }, visitorTimeZone: 'America/New_York' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Tuesday 15 December 2026, 10:00 UK · 05:00 your time')).toBeVisible();
  },
};

export const Cancelled: Story = {
  args: { view: { state: 'ready', booking: { ...booking, status: 'cancelled', canChange: false } } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'This booking is cancelled' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Book a consultation' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Cancel booking' })).toBeNull();
  },
};

export const Expired: Story = {
  args: { view: { state: 'expired' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'This link has expired' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'hello@pentlandcloud.co.uk' })).toBeVisible();
  },
};

export const Invalid: Story = {
  args: { view: { state: 'invalid' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: '07700 900461' })).toBeVisible();
  },
};

export const NoLink: Story = {
  args: { view: { state: 'none' } },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('heading', { name: 'Open the link in your confirmation e-mail' }),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'hello@pentlandcloud.co.uk' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Book a consultation' })).toHaveAttribute(
      'href',
      '/consultation-request',
    );
  },
};

export const Loading: Story = {
  args: { view: { state: 'loading' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Loading your booking...')).toBeVisible();
  },
};
