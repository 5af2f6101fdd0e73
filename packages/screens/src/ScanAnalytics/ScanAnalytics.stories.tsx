import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ScanAnalytics, type ScanStats } from './ScanAnalytics.tsx';

const days = [
  '2026-11-17',
  '2026-11-18',
  '2026-11-19',
  '2026-11-20',
  '2026-11-21',
  '2026-11-22',
  '2026-11-23',
];
const scans = [3, 0, 5, 2, 8, 1, 4];

const loaded: ScanStats = {
  from: days[0]!,
  to: days[6]!,
  history_start: null,
  scans: 23,
  visitors: 17,
  by_day: days.map((day, i) => ({ day, scans: scans[i]!, visitors: Math.ceil(scans[i]! * 0.75) })),
  by_landing: [
    { landing: '/qr-welcome', scans: 15, visitors: 11 },
    { landing: '/seaforth-darts-welcome', scans: 8, visitors: 6 },
  ],
  by_source: [
    { source: 'poster', scans: 20, visitors: 15 },
    { source: 'flyer', scans: 3, visitors: 2 },
  ],
  by_poster: [
    { poster_id: 'p1', title: 'Cloud Skills Evening', scans: 15, visitors: 11 },
    { poster_id: 'p2', title: 'Seaforth Darts Night', scans: 8, visitors: 6 },
  ],
};

const landingNames = { '/qr-welcome': 'QR welcome', '/seaforth-darts-welcome': 'Seaforth darts welcome' };

/** /poster-analytics: scans of the user's posters. */
const meta = {
  title: 'Posters/ScanAnalytics',
  component: ScanAnalytics,
  parameters: { layout: 'padded' },
  args: { stats: loaded, landingNames },
} satisfies Meta<typeof ScanAnalytics>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Unique visitors', { selector: 'dt' })).toBeVisible();
    await expect(canvas.getByText('23')).toBeVisible();
    const perDay = canvas.getByRole('table', { name: 'Scans per day' });
    await expect(within(perDay).getByRole('row', { name: '21 Nov 8 6' })).toBeVisible();
    const landing = canvas.getByRole('table', { name: 'By landing page' });
    await expect(within(landing).getByRole('row', { name: 'Seaforth darts welcome 8 6' })).toBeVisible();
    await expect(canvas.queryByText(/Free plan/)).toBeNull();
  },
};

export const FreePlanLimit: Story = {
  args: { stats: { ...loaded, history_start: '2026-10-24T12:00:00Z' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Free plan: the last 30 days')).toBeVisible();
    await expect(canvas.getByText(/Scans before 24 October 2026 are kept/)).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'See premium' })).toHaveAttribute('href', '/pricing');
  },
};

export const Empty: Story = {
  args: {
    stats: { ...loaded, scans: 0, visitors: 0, by_day: [], by_landing: [], by_source: [], by_poster: [] },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/No scans between 17 Nov and 23 Nov/)).toBeVisible();
    await expect(canvas.queryByRole('table')).toBeNull();
  },
};

export const Loading: Story = {
  args: { stats: null },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading scans...');
  },
};

export const LoadFailed: Story = {
  args: { error: 'The scans could not be loaded. Check your connection and try again.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('The scans could not be loaded.');
    await expect(canvas.getByText('23')).toBeVisible();
  },
};
