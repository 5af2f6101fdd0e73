import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { LayersPanel, type LayerRow } from './LayersPanel.tsx';

const layers: LayerRow[] = [
  { id: 'band', name: 'Band', kind: 'shape', hidden: false, locked: true, grouped: false },
  { id: 'title', name: 'Title', kind: 'text', hidden: false, locked: false, grouped: true },
  { id: 'when', name: 'When', kind: 'text', hidden: true, locked: false, grouped: true },
  { id: 'photo', name: 'Harbour photo', kind: 'image', hidden: false, locked: false, grouped: false },
  { id: 'qr', name: 'QR code', kind: 'qr', hidden: false, locked: false, grouped: false },
];

/** The poster creator's layers panel. */
const meta = {
  title: 'Posters/LayersPanel',
  component: LayersPanel,
  parameters: { layout: 'padded' },
  args: {
    layers,
    selection: ['title', 'when'],
    onSelect: fn(),
    onToggleHidden: fn(),
    onToggleLocked: fn(),
    onMove: fn(),
  },
} satisfies Meta<typeof LayersPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Layers: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const items = within(canvas.getByRole('list')).getAllByRole('listitem');
    await expect(items[0]).toHaveTextContent('QR code');
    await expect(items[4]).toHaveTextContent('Band');
    await expect(canvas.getByRole('button', { name: /^Title/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(canvas.getByRole('button', { name: 'Hide When' })).toHaveAttribute('aria-pressed', 'true');
    await expect(canvas.getByRole('button', { name: 'Lock Band' })).toHaveAttribute('aria-pressed', 'true');
    await expect(canvas.getByRole('button', { name: 'Move QR code up' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Move Harbour photo down' }));
    await expect(args.onMove).toHaveBeenCalledWith('photo', 'backward');
    await userEvent.click(canvas.getByRole('button', { name: /^Harbour photo/ }));
    await expect(args.onSelect).toHaveBeenCalledWith('photo', false);
  },
};

export const Empty: Story = {
  args: { layers: [], selection: [] },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText('No layers yet: add text, a shape, an image or the QR code.'),
    ).toBeVisible();
  },
};
