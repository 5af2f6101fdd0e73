import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { DataTable, type DataTableColumn } from './DataTable.tsx';

interface Row {
  id: string;
  title: string;
  status: string;
  updated: string;
}

const rows: Row[] = [
  { id: '1', title: 'Moving a Caithness business to the cloud', status: 'Published', updated: '9 Nov 2026' },
  { id: '2', title: 'Dynamics 365 for growing teams', status: 'Scheduled', updated: '16 Nov 2026' },
  { id: '3', title: 'Backups that actually restore', status: 'Draft', updated: '22 Nov 2026' },
];

const columns: DataTableColumn<Row>[] = [
  { key: 'title', header: 'Title', sortable: true },
  { key: 'status', header: 'Status' },
  { key: 'updated', header: 'Updated', sortable: true },
];

/** The dashboards' list: search, filters, sortable headers, pages, and its loading, error and empty states. */
const meta = {
  title: 'Components/DataTable',
  component: DataTable<Row>,
  parameters: { layout: 'padded' },
  args: {
    caption: 'Your articles',
    columns,
    rows,
    rowKey: (r: Row) => r.id,
    search: { label: 'Search titles', value: '', onChange: fn() },
    filters: [
      {
        id: 'status',
        label: 'Status',
        value: 'all',
        onChange: fn(),
        options: [
          { value: 'all', label: 'All' },
          { value: 'draft', label: 'Draft' },
        ],
      },
    ],
    sort: { key: 'updated', ascending: false },
    onSortChange: fn(),
    page: 1,
    pageCount: 3,
    onPageChange: fn(),
    summary: '1–3 of 9 articles',
    onRetry: fn(),
    emptyText: 'No articles match.',
  },
} satisfies Meta<typeof DataTable<Row>>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const table = canvas.getByRole('table', { name: 'Your articles' });
    await expect(table).toHaveTextContent('Backups that actually restore');
    await expect(canvas.getByRole('columnheader', { name: /Updated/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await userEvent.click(canvas.getByRole('button', { name: /Title/ }));
    await expect(args.onSortChange).toHaveBeenCalledWith({ key: 'title', ascending: true });
    await userEvent.type(canvas.getByLabelText('Search titles'), 'c');
    await expect(args.search!.onChange).toHaveBeenCalledWith('c');
  },
};

export const Empty: Story = {
  args: { rows: [], pageCount: 1, summary: '0 articles' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('table')).toHaveTextContent('No articles match.');
  },
};

export const Loading: Story = {
  args: { state: { kind: 'loading' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading…');
    await expect(canvas.queryByRole('table')).toBeNull();
  },
};

export const Error: Story = {
  args: {
    state: { kind: 'error', message: 'Could not reach the server. Check your connection and try again.' },
  },
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Could not load the list');
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};
