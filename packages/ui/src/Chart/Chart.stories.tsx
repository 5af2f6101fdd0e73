import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { Chart } from './Chart.tsx';

const labels = ['17 Nov', '18 Nov', '19 Nov', '20 Nov', '21 Nov', '22 Nov', '23 Nov'];

/** A chart with its numbers in a table (poster analytics and, later, other dashboards). */
const meta = {
  title: 'Components/Chart',
  component: Chart,
  parameters: { layout: 'padded' },
  args: { title: 'Scans per day', labels, series: [{ label: 'Scans', values: [2, 5, 0, 7, 3, 1, 4] }] },
} satisfies Meta<typeof Chart>;

export default meta;
type Story = StoryObj<typeof meta>;

const drawn = async (canvasElement: HTMLElement) =>
  waitFor(() => expect(canvasElement.querySelector('canvas')?.width ?? 0).toBeGreaterThan(0));

export const Bars: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('img', { name: /^Scans per day \(chart/ })).toBeVisible();
    const table = canvas.getByRole('table', { name: 'Scans per day' });
    await expect(within(table).getAllByRole('row')).toHaveLength(8);
    await expect(within(table).getByRole('row', { name: '20 Nov 7' })).toBeVisible();
    await drawn(canvasElement);
  },
};

export const TwoLines: Story = {
  args: {
    kind: 'line',
    series: [
      { label: 'Scans', values: [2, 5, 0, 7, 3, 1, 4] },
      { label: 'Unique visitors', values: [2, 4, 0, 5, 3, 1, 3] },
    ],
  },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('columnheader', { name: 'Unique visitors' })).toBeVisible();
    await expect(canvas.getByRole('row', { name: '18 Nov 5 4' })).toBeVisible();
    await drawn(canvasElement);
  },
};
