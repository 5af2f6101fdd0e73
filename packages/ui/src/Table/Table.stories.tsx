import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Badge } from '../Badge/Badge.tsx';
import { Table, type TableColumn } from './Table.tsx';

interface Consultation {
  id: string;
  name: string;
  service: string;
  date: string;
  status: string;
}

const rows: Consultation[] = [
  { id: 'c1', name: 'Isla Mackay', service: 'Cloud Infrastructure', date: '2026-11-18', status: 'New' },
  { id: 'c2', name: 'Rory Sinclair', service: 'Dynamics 365', date: '2026-11-17', status: 'Contacted' },
  { id: 'c3', name: 'Morven Gunn', service: 'Web Development', date: '2026-11-12', status: 'Closed' },
];

const columns: TableColumn<Consultation>[] = [
  { key: 'name', header: 'Name' },
  { key: 'service', header: 'Service' },
  { key: 'date', header: 'Requested' },
  {
    key: 'status',
    header: 'Status',
    render: (r) => <Badge tone={r.status === 'New' ? 'new' : 'neutral'}>{r.status}</Badge>,
  },
];

/** Dashboard tables (consultations, E-Board entries, articles). */
const meta = {
  title: 'Components/Table',
  component: Table<Consultation>,
  parameters: { layout: 'padded' },
  args: { caption: 'Consultation requests', columns, rows, rowKey: (r: Consultation) => r.id },
} satisfies Meta<typeof Table<Consultation>>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Rows: Story = {
  play: async ({ canvas }) => {
    const table = canvas.getByRole('table', { name: 'Consultation requests' });
    await expect(within(table).getAllByRole('row')).toHaveLength(4);
    await expect(within(table).getByRole('columnheader', { name: 'Service' })).toBeVisible();
  },
};

export const Empty: Story = {
  args: { rows: [], emptyText: 'No consultation requests yet.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No consultation requests yet.')).toBeVisible();
  },
};
