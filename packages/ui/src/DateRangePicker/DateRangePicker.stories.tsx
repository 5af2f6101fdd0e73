import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect } from 'storybook/test';
import { DateRangePicker, type DateRange } from './DateRangePicker.tsx';

/** A date range (dashboard filters, E-Board display dates). */
const meta = {
  title: 'Components/Forms/DateRangePicker',
  component: DateRangePicker,
  parameters: { layout: 'padded' },
  args: { legend: 'Received', value: { from: '', until: '' }, onChange: () => undefined },
} satisfies Meta<typeof DateRangePicker>;

export default meta;
type Story = StoryObj<typeof meta>;

function Live(props: { initial: DateRange }) {
  const [value, setValue] = useState(props.initial);
  return (
    <>
      <DateRangePicker legend="Received" value={value} onChange={setValue} />
      <output>{`${value.from || '…'} to ${value.until || '…'}`}</output>
    </>
  );
}

export const Empty: Story = {
  render: () => <Live initial={{ from: '', until: '' }} />,
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('From'), '2026-11-02');
    await expect(canvas.getByText('2026-11-02 to …')).toBeVisible();
    await expect(canvas.getByLabelText('Until')).toHaveAttribute('min', '2026-11-02');
  },
};

export const WithErrors: Story = {
  args: {
    legend: 'Display dates',
    fromLabel: 'First day',
    untilLabel: 'Last day',
    value: { from: '2026-12-10', until: '2026-12-01' },
    untilError: 'The last day must be on or after the first day',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Last day')).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByText('The last day must be on or after the first day')).toBeVisible();
  },
};
