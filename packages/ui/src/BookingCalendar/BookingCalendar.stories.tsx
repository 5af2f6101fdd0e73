import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, waitFor } from 'storybook/test';
import { BookingCalendar, type BookingCalendarProps, type BookingSlot } from './BookingCalendar.tsx';

/** Free hours (UTC, which is UK time in winter) on the given days of December 2026 and January 2027. */
function hours(days: string[], from = 9, to = 16): BookingSlot[] {
  return days.flatMap((day) =>
    Array.from({ length: to - from }, (_, i) => {
      const h = String(from + i).padStart(2, '0');
      const e = String(from + i + 1).padStart(2, '0');
      return { start: `${day}T${h}:00:00.000Z`, end: `${day}T${e}:00:00.000Z` };
    }),
  );
}

const december = [
  '01',
  '02',
  '03',
  '04',
  '07',
  '08',
  '09',
  '10',
  '11',
  '14',
  '15',
  '16',
  '17',
  '18',
  '21',
  '22',
  '23',
  '31',
];
const many = hours([...december.map((d) => `2026-12-${d}`), '2027-01-04', '2027-01-05']);

function Live(props: Partial<BookingCalendarProps>) {
  const [month, setMonth] = useState(props.month ?? '2026-12');
  const [value, setValue] = useState<string | null>(null);
  const onChange = props.onChange ?? (() => undefined);
  return (
    <>
      <BookingCalendar
        slots={many}
        timeZone="Europe/London"
        minMonth="2026-12"
        maxMonth="2027-02"
        {...props}
        month={month}
        onMonthChange={setMonth}
        value={value}
        onChange={(s) => {
          setValue(s.start);
          onChange(s);
        }}
      />
      <output>{value ?? 'No time chosen'}</output>
    </>
  );
}

/** A month of days with free times, and the chosen day's times (a booking form's calendar). */
const meta = {
  title: 'Components/Forms/BookingCalendar',
  component: BookingCalendar,
  parameters: { layout: 'padded' },
  args: {
    slots: many,
    timeZone: 'Europe/London',
    month: '2026-12',
    onMonthChange: fn(),
    onChange: fn(),
  },
} satisfies Meta<typeof BookingCalendar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  render: () => <Live slots={[]} loading />,
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Loading free times...')).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: 'Tuesday 1 December 2026, no free times' }),
    ).toHaveAttribute('aria-disabled', 'true');
  },
};

export const NoFreeSlots: Story = {
  render: () => <Live slots={[]} />,
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByText('No free times this month.')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Monday 14 December 2026, no free times' }));
    await expect(canvas.queryByRole('list')).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Previous month' })).toBeDisabled();
  },
};

export const Many: Story = {
  render: (args) => <Live onChange={args.onChange} />,
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('heading', { name: 'December 2026' })).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: 'Saturday 5 December 2026, no free times' }),
    ).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(canvas.getByRole('button', { name: 'Tuesday 15 December 2026, 7 free times' }));
    const times = canvas.getByRole('list', { name: 'Free times on Tuesday 15 December 2026' });
    await expect(times.querySelectorAll('button')).toHaveLength(7);
    await userEvent.click(canvas.getByRole('button', { name: '10:00' }));
    await expect(args.onChange).toHaveBeenCalledWith({
      start: '2026-12-15T10:00:00.000Z',
      end: '2026-12-15T11:00:00.000Z',
    });
    await expect(canvas.getByRole('button', { name: '10:00' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(canvas.getByRole('button', { name: 'Next month' }));
    await expect(canvas.getByRole('heading', { name: 'January 2027' })).toBeVisible();
  },
};

export const VisitorInNewYork: Story = {
  render: () => <Live visitorTimeZone="America/New_York" />,
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Wednesday 16 December 2026, 7 free times' }));
    await expect(canvas.getByRole('button', { name: '10:00 UK · 05:00 your time' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: '09:00 UK · 04:00 your time' }));
    await expect(canvas.getByRole('status')).toHaveTextContent('2026-12-16T09:00:00.000Z');
  },
};

export const Keyboard: Story = {
  render: () => <Live />,
  play: async ({ canvas, userEvent }) => {
    // Tab reaches the month's first free day; arrows move a day or a week, Enter picks.
    canvas.getByRole('button', { name: 'Tuesday 1 December 2026, 7 free times' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(
      canvas.getByRole('button', { name: 'Wednesday 2 December 2026, 7 free times' }),
    ).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(
      canvas.getByRole('button', { name: 'Wednesday 9 December 2026, 7 free times' }),
    ).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByRole('list', { name: 'Free times on Wednesday 9 December 2026' })).toBeVisible();
    // Into the next month.
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    await expect(
      canvas.getByRole('button', { name: 'Wednesday 30 December 2026, no free times' }),
    ).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}');
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: 'Monday 4 January 2027, 7 free times' })).toHaveFocus(),
    );
    await expect(canvas.getByRole('heading', { name: 'January 2027' })).toBeVisible();
    await userEvent.keyboard(' ');
    await expect(canvas.getByRole('list', { name: 'Free times on Monday 4 January 2027' })).toBeVisible();
  },
};
