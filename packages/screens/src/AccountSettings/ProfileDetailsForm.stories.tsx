import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { ProfileDetailsForm } from './ProfileDetailsForm.tsx';

const picture = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96"><rect width="96" height="96" fill="#1e5a8a"/><circle cx="48" cy="38" r="18" fill="#f5b942"/><rect x="20" y="62" width="56" height="34" rx="17" fill="#f5b942"/></svg>')}`;

/** The profile's name and picture (the picture goes through the ui kit's ImageUpload: checked, scaled down, uploaded). */
const meta = {
  title: 'Account/ProfileDetailsForm',
  component: ProfileDetailsForm,
  parameters: { layout: 'padded' },
  args: {
    fullName: 'Morag Sutherland',
    onFullNameChange: fn(),
    onSubmitName: fn(),
    nameState: { status: 'idle' },
    avatarUrl: picture,
    upload: { kind: 'idle' },
    onAvatarFile: fn(),
    onAvatarRemove: fn(),
    avatarState: { status: 'idle' },
    accept: 'image/png,image/jpeg,image/webp',
    avatarHint: 'PNG, JPEG or WebP. Scaled down to 512 px, at most 1 MB.',
  },
} satisfies Meta<typeof ProfileDetailsForm>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithPicture: Story = {
  play: async ({ canvas, args, userEvent }) => {
    await expect(canvas.getByRole('img', { name: 'Your current avatar' })).toHaveAttribute('src', picture);
    await userEvent.type(canvas.getByLabelText(/Full name/), 'x');
    await expect(args.onFullNameChange).toHaveBeenCalledWith('Morag Sutherlandx');
    await userEvent.click(canvas.getByRole('button', { name: 'Save name' }));
    await expect(args.onSubmitName).toHaveBeenCalled();
    await userEvent.click(canvas.getByRole('button', { name: 'Remove picture' }));
    await expect(args.onAvatarRemove).toHaveBeenCalled();
  },
};

export const NoPicture: Story = {
  args: { avatarUrl: null },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: 'No profile picture yet' })).toHaveTextContent('MS');
    await expect(canvas.queryByRole('button', { name: 'Remove picture' })).toBeNull();
  },
};

export const SavingName: Story = {
  args: { nameState: { status: 'busy' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /Saving/ })).toBeDisabled();
    await expect(canvas.getByLabelText(/Full name/)).toBeDisabled();
  },
};

export const NameSaved: Story = {
  args: { nameState: { status: 'success', message: 'Your name has been saved.' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Your name has been saved.');
  },
};

export const NameRequired: Story = {
  args: { fullName: '  ', nameState: { status: 'error', message: 'Please enter your full name' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Please enter your full name');
  },
};

export const UploadingPicture: Story = {
  args: { upload: { kind: 'uploading', name: 'me.jpg', progress: 0.6 } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar')).toHaveAttribute('value', '60');
    await expect(canvas.queryByRole('button', { name: 'Remove picture' })).toBeNull();
  },
};

export const NotAPicture: Story = {
  args: {
    upload: { kind: 'error', message: '“cv.pdf” is not a picture. Choose a PNG, JPEG or WebP image.' },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('“cv.pdf” is not a picture.');
    await expect(canvas.getByRole('img', { name: 'Your current avatar' })).toBeVisible();
  },
};
