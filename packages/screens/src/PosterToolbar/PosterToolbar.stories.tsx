import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { PosterToolbar } from './PosterToolbar.tsx';

const idle = { canUndo: false, canRedo: false, selected: 0, grouped: false, hasQr: false, exporting: null };

/** The poster creator's toolbar (/poster-creator). */
const meta = {
  title: 'Posters/PosterToolbar',
  component: PosterToolbar,
  parameters: { layout: 'padded' },
  args: { view: idle, onAction: fn(), onImage: fn(), status: 'Saved' },
} satisfies Meta<typeof PosterToolbar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NothingSelected: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole('toolbar', { name: 'Poster tools' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Undo' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Delete' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Text' }));
    await expect(args.onAction).toHaveBeenCalledWith('addText');
    await expect(canvas.getByRole('status')).toHaveTextContent('Saved');
  },
};

export const SelectionWithHistory: Story = {
  args: { view: { ...idle, canUndo: true, canRedo: true, selected: 2, hasQr: true } },
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole('button', { name: 'QR code' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Undo' })).toHaveAttribute(
      'aria-keyshortcuts',
      'Control+Z',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Group' }));
    await expect(args.onAction).toHaveBeenCalledWith('group');
    await expect(canvas.getByRole('button', { name: 'Ungroup' })).toBeDisabled();
  },
};

export const AddingAnImage: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'harbour.png', { type: 'image/png' });
    await userEvent.upload(canvas.getByLabelText('Image'), file);
    await expect(args.onImage).toHaveBeenCalledWith(file);
  },
};

export const Exporting: Story = {
  args: { view: { ...idle, selected: 1, exporting: 'pdf' }, status: 'Saving…' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Exporting PDF…' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Export PNG' })).toBeDisabled();
  },
};
