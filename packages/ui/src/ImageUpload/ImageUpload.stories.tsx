import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { ImageUpload } from './ImageUpload.tsx';
import { useImageUpload } from './useImageUpload.ts';

const photo = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="160" height="100"><rect width="160" height="100" fill="#1e5a8a"/><circle cx="120" cy="30" r="14" fill="#f5b942"/></svg>')}`;

/** The image field of the editor and the cover (the E-Board, poster and avatar reuse it). */
const meta = {
  title: 'Components/ImageUpload',
  component: ImageUpload,
  parameters: { layout: 'padded' },
  args: {
    label: 'Cover image',
    hint: 'PNG, JPEG, GIF, WebP or AVIF, up to 5 MB. Large photos are scaled down to 2000 px.',
    accept: 'image/png,image/jpeg,image/gif,image/webp,image/avif',
    state: { kind: 'idle' },
    onFile: fn(),
  },
} satisfies Meta<typeof ImageUpload>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Idle: Story = {
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByLabelText('Cover image');
    await expect(input).toHaveAttribute('type', 'file');
    // The browser's own 'Choose File … No file chosen' control is not shown: the box offers its own button,
    // which the (invisible) file input lies over, so a click or a key press on it opens the file chooser.
    await expect(input).not.toBeVisible();
    await expect(canvas.getByText('Choose an image')).toBeVisible();
    await userEvent.tab();
    await expect(input).toHaveFocus();
  },
};

export const Preparing: Story = {
  args: { state: { kind: 'processing', name: 'harbour.jpg' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Preparing harbour.jpg…');
    await expect(canvas.getByLabelText('Cover image')).toBeDisabled();
  },
};

export const Uploading: Story = {
  args: { state: { kind: 'uploading', name: 'harbour.jpg', progress: 0.42 } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Uploading harbour.jpg: 42%' })).toHaveAttribute(
      'value',
      '42',
    );
  },
};

export const WrongType: Story = {
  args: {
    state: {
      kind: 'error',
      message: '“notes.pdf” is not an image the site accepts. Use PNG, JPEG, GIF, WebP or AVIF.',
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('is not an image the site accepts');
  },
};

export const Uploaded: Story = {
  args: {
    state: { kind: 'done', image: { url: photo, width: 160, height: 100 } },
    current: { url: photo, alt: 'Thurso harbour' },
    onRemove: fn(),
  },
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole('img', { name: 'Thurso harbour' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Remove image' }));
    await expect(args.onRemove).toHaveBeenCalled();
  },
};

function Live({ onUpload }: { onUpload?: (file: File) => void }) {
  const upload = useImageUpload({
    maxSide: 2000,
    unreadable: () => 'This file is not a picture we can use — choose a PNG image.',
    check: (f) =>
      f.type.startsWith('image/')
        ? f.size > 5_000_000
          ? 'Too large'
          : null
        : `“${f.name}” is not an image.`,
    upload: async (file, progress) => {
      onUpload?.(file);
      progress(0.5);
      await new Promise((r) => setTimeout(r, 30));
      progress(1);
      return { url: photo };
    },
  });
  return <ImageUpload label="Image file" state={upload.state} onFile={(f) => void upload.select(f)} />;
}

/** The hook at work: a wrong type is refused before anything is read; an image is downscaled and uploaded. */
export const LiveUpload: Story = {
  render: () => <Live />,
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByLabelText('Image file');
    await userEvent.upload(input, new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('“notes.pdf” is not an image.');
    const canvasEl = document.createElement('canvas');
    canvasEl.width = 3000;
    canvasEl.height = 1500;
    const blob = await new Promise<Blob>((r) => canvasEl.toBlob((b) => r(b!), 'image/png'));
    await userEvent.upload(input, new File([blob], 'wide.png', { type: 'image/png' }));
    await waitFor(() => expect(canvas.getByRole('img')).toHaveAttribute('src', photo));
  },
};

/** A file that only claims to be a picture is decoded first and refused in the feature's words: nothing is uploaded. */
export const NotAPicture: Story = {
  args: { onFile: fn() },
  // The error state's look is the LiveUpload story's; this one is about what is (not) uploaded.
  parameters: { visual: { disable: true } },
  render: (args) => <Live onUpload={args.onFile} />,
  play: async ({ canvas, userEvent, args }) => {
    const input = canvas.getByLabelText('Image file');
    await userEvent.upload(input, new File(['a shopping list'], 'harbour.png', { type: 'image/png' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'This file is not a picture we can use — choose a PNG image.',
    );
    await expect(args.onFile).not.toHaveBeenCalled();
  },
};
