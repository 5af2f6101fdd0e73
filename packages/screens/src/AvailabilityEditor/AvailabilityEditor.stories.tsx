import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { AvailabilityEditor, type WorkingDayDraft } from './AvailabilityEditor.tsx';

const week: WorkingDayDraft[] = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
  weekday,
  open: weekday <= 5,
  opens: weekday <= 5 ? '09:00' : '',
  closes: weekday <= 5 ? '17:00' : '',
}));
const types = [
  {
    id: 't1',
    name: 'Cloud readiness review',
    bookingMode: 'instant' as const,
    durationMinutes: '60',
    bufferBeforeMinutes: '0',
    bufferAfterMinutes: '15',
    minNoticeMinutes: '1440',
    horizonDays: '60',
    dailyCap: '4',
  },
  {
    id: 't2',
    name: 'Dynamics 365 discovery',
    bookingMode: 'request' as const,
    durationMinutes: '90',
    bufferBeforeMinutes: '15',
    bufferAfterMinutes: '15',
    minNoticeMinutes: '2880',
    horizonDays: '90',
    dailyCap: '',
  },
];
const daysOff = [
  { id: 'd1', date: '2026-12-24', label: 'Thursday 24 December 2026', reason: 'Christmas Eve' },
];

/** /services/consultation-services: working hours, each type's booking, the team's days off. */
const meta = {
  title: 'Dashboards/AvailabilityEditor',
  component: AvailabilityEditor,
  parameters: { layout: 'padded' },
  args: {
    state: 'ready',
    week,
    types,
    daysOff,
    onSaveWeek: fn(),
    onSaveType: fn(),
    onAddDayOff: fn(() => true),
    onRemoveDayOff: fn(),
  },
} satisfies Meta<typeof AvailabilityEditor>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByLabelText('Open on Saturday'));
    await userEvent.type(canvas.getByLabelText('Saturday from'), '1000');
    await userEvent.click(canvas.getByRole('button', { name: 'Save working hours' }));
    await expect(args.onSaveWeek).toHaveBeenCalledWith(
      expect.arrayContaining([expect.objectContaining({ weekday: 6, open: true })]),
    );
    const review = canvas.getByRole('form', { name: 'Booking of Cloud readiness review' });
    await userEvent.clear(canvas.getAllByLabelText('Most a day')[0]!);
    await userEvent.click(canvas.getByRole('button', { name: 'Save Cloud readiness review' }));
    await expect(args.onSaveType).toHaveBeenCalledWith('t1', expect.objectContaining({ dailyCap: '' }));
    await expect(review).toBeVisible();
    await userEvent.type(canvas.getByLabelText('Day off'), '2026-12-31');
    await userEvent.click(canvas.getByRole('button', { name: 'Add day off' }));
    await expect(args.onAddDayOff).toHaveBeenCalledWith({ date: '2026-12-31', reason: '' });
    await userEvent.click(canvas.getByRole('button', { name: 'Remove Thursday 24 December 2026' }));
    await expect(args.onRemoveDayOff).toHaveBeenCalledWith('d1');
  },
};

export const WithErrors: Story = {
  args: {
    weekErrors: { 2: 'Tuesday must close after it opens' },
    typeErrors: { id: 't2', errors: { horizonDays: 'Enter 1 to 365 days' } },
    dayOffErrors: { date: 'Choose today or a later day' },
    message: { tone: 'error', text: 'Some settings need correcting.' },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Tuesday must close after it opens')).toBeVisible();
    await expect(canvas.getByText('Enter 1 to 365 days')).toBeVisible();
    await expect(canvas.getByText('Choose today or a later day')).toBeVisible();
  },
};

export const LoadFailed: Story = {
  args: { state: 'error', onRetry: fn() },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};
