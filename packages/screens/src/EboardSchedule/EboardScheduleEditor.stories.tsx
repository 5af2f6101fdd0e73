import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, fn } from 'storybook/test';
import { EboardScheduleEditor, type EboardScheduleEditorProps } from './EboardScheduleEditor.tsx';

const weekdays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map(
  (label) => ({
    value: label.slice(0, 3).toLowerCase(),
    label,
  }),
);

/** The editor keeps its own value, as the moderation form does, and reports each change. */
function Editing(props: EboardScheduleEditorProps) {
  const [value, setValue] = useState(props.value);
  return (
    <EboardScheduleEditor
      {...props}
      value={value}
      onChange={(v) => {
        setValue(v);
        props.onChange(v);
      }}
    />
  );
}

/** An E-Board entry's schedule in the moderation form: weekday toggles, from/to times, seconds on screen. */
const meta = {
  title: 'Dashboards/EboardScheduleEditor',
  component: EboardScheduleEditor,
  parameters: { layout: 'padded' },
  render: (args) => <Editing {...args} />,
  args: {
    value: { windows: [], seconds: '' },
    onChange: fn(),
    weekdays,
    defaultSeconds: 12,
    minSeconds: 5,
    maxSeconds: 120,
  },
} satisfies Meta<typeof EboardScheduleEditor>;
export default meta;
type Story = StoryObj<typeof meta>;

export const AllDay: Story = {
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText('Shown all day on every display date. Add a window to show it only at certain times.'),
    ).toBeVisible();
  },
};

export const WeekdayMornings: Story = {
  play: async ({ canvas, args, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Add a time window' }));
    await expect(canvas.getByRole('button', { name: 'Mon' })).toHaveAttribute('aria-pressed', 'true');
    await expect(canvas.getByRole('button', { name: 'Sat' })).toHaveAttribute('aria-pressed', 'false');
    fireEvent.change(canvas.getByLabelText('From'), { target: { value: '07:00' } });
    fireEvent.change(canvas.getByLabelText('To'), { target: { value: '10:00' } });
    await userEvent.type(canvas.getByLabelText('Seconds on screen'), '20');
    await expect(args.onChange).toHaveBeenLastCalledWith({
      windows: [{ days: ['mon', 'tue', 'wed', 'thu', 'fri'], from: '07:00', to: '10:00' }],
      seconds: '20',
    });
    await expect(
      canvas.getByText('Shown only inside these windows, UK time, on its display dates.'),
    ).toBeVisible();
  },
};

export const TogglingDays: Story = {
  args: {
    value: { windows: [{ days: ['sat'], from: '09:00', to: '12:00' }], seconds: '30' },
  },
  play: async ({ canvas, args, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Sun' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Fri' }));
    await expect(args.onChange).toHaveBeenLastCalledWith({
      windows: [{ days: ['fri', 'sat', 'sun'], from: '09:00', to: '12:00' }],
      seconds: '30',
    });
    await userEvent.click(canvas.getByRole('button', { name: 'Remove window 1' }));
    await expect(args.onChange).toHaveBeenLastCalledWith({ windows: [], seconds: '30' });
  },
};

export const Refused: Story = {
  args: {
    value: {
      windows: [
        { days: ['mon', 'tue', 'wed', 'thu', 'fri'], from: '07:00', to: '10:00' },
        { days: ['sat'], from: '22:00', to: '02:00' },
      ],
      seconds: '300',
    },
    error: 'Window 2: the end must be after the start (for a window past midnight, add a second window)',
    secondsError: 'The display time must be a whole number of seconds from 5 to 120',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Window 2: the end must be after the start');
    await expect(canvas.getByLabelText('Seconds on screen')).toHaveAttribute('aria-invalid', 'true');
  },
};
