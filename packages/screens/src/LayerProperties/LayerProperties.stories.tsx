import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { emptyPoster, qrLayer, shapeLayer, textLayer } from '@pentland/poster';
import { LayerProperties } from './LayerProperties.tsx';

const page = emptyPoster().page;

/** The poster creator's properties panel: the selected layer's fields, or the page's. */
const meta = {
  title: 'Posters/LayerProperties',
  component: LayerProperties,
  parameters: { layout: 'padded' },
  args: { layer: null, selectedCount: 0, page, onLayerChange: fn(), onPageChange: fn() },
} satisfies Meta<typeof LayerProperties>;

export default meta;
type Story = StoryObj<typeof meta>;

export const PageSettings: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Page' })).toBeVisible();
    await expect(canvas.getByRole('combobox', { name: 'Paper size' })).toHaveDisplayValue(
      'A4 (210 × 297 mm)',
    );
    await expect(canvas.getByLabelText('Background')).toHaveValue('#ffffff');
  },
};

export const TextLayer: Story = {
  args: {
    layer: textLayer({ id: 't', name: 'Title', text: 'Cloud Skills Evening', fontSize: 54, fontWeight: 700 }),
    selectedCount: 1,
  },
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole('heading', { name: 'Title properties' })).toBeVisible();
    await expect(canvas.getByRole('checkbox', { name: 'Bold' })).toBeChecked();
    await userEvent.type(canvas.getByLabelText('Text'), '!');
    await expect(args.onLayerChange).toHaveBeenLastCalledWith({ text: 'Cloud Skills Evening!' }, 'text');
    await userEvent.type(canvas.getByLabelText('Font size (pt)'), '{backspace}');
    await expect(args.onLayerChange).toHaveBeenLastCalledWith({ fontSize: 5 }, 'fontSize');
  },
};

export const ShapeLayer: Story = {
  args: { layer: shapeLayer({ id: 's', name: 'Band', fill: '#0b1f3a' }), selectedCount: 1 },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Fill')).toHaveValue('#0b1f3a');
    await expect(canvas.getByLabelText('Corner radius (mm)')).toBeVisible();
  },
};

export const QrCodeTooSmall: Story = {
  args: {
    layer: qrLayer({ id: 'q', width: 15, height: 15 }),
    selectedCount: 1,
    qrUrl:
      'https://pentlandcloud.co.uk/qr-welcome?poster=3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b&utm_source=poster&utm_medium=qr',
    message: 'At 15 mm the QR code may not scan. Make it at least 20 mm wide.',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox', { name: 'Leads to' })).toHaveDisplayValue('QR welcome page');
    await expect(
      canvas.getByText(/^Encodes https:\/\/pentlandcloud.co.uk\/qr-welcome\?poster=/),
    ).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent('Make it at least 20 mm wide.');
  },
};

export const SeveralSelected: Story = {
  args: { selectedCount: 3 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: '3 layers selected' })).toBeVisible();
  },
};
