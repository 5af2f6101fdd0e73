import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { EmailChangeForm } from './EmailChangeForm.tsx';

/** Changing the sign-in address: links to both addresses (Supabase's secure e-mail change). */
const meta = {
  title: 'Account/EmailChangeForm',
  component: EmailChangeForm,
  parameters: { layout: 'padded' },
  args: {
    email: 'morag@example.co.uk',
    value: '',
    onChange: fn(),
    onSubmit: fn(),
    state: { status: 'idle' },
  },
} satisfies Meta<typeof EmailChangeForm>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args, userEvent }) => {
    await expect(canvas.getByText('morag@example.co.uk')).toBeVisible();
    await userEvent.type(canvas.getByLabelText(/New e-mail address/), 'm');
    await expect(args.onChange).toHaveBeenCalledWith('m');
    await userEvent.click(canvas.getByRole('button', { name: 'Change e-mail address' }));
    await expect(args.onSubmit).toHaveBeenCalled();
  },
};

export const LinksSent: Story = {
  args: {
    pendingEmail: 'morag@pentland.example',
    state: {
      status: 'success',
      message:
        'We have sent confirmation links to morag@example.co.uk and morag@pentland.example. Follow both to finish the change.',
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('morag@pentland.example', { selector: 'strong' })).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent('Follow both to finish the change.');
  },
};

export const AddressInUse: Story = {
  args: {
    value: 'taken@example.co.uk',
    state: { status: 'error', message: 'A user with this email address has already been registered' },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('already been registered');
  },
};
