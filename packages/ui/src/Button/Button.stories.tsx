import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { Button } from './Button.tsx';

const meta = {
  title: 'Components/Button',
  component: Button,
  args: { children: 'Request Consultation', onClick: fn() },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Request Consultation' }));
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};

export const Variants: Story = {
  render: (args) => (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12 }}>
      <Button {...args} variant="primary">
        Primary
      </Button>
      <Button {...args} variant="accent">
        Accent
      </Button>
      <Button {...args} variant="secondary">
        Secondary
      </Button>
      <Button {...args} variant="ghost">
        Ghost
      </Button>
      <Button {...args} variant="critical">
        Delete
      </Button>
    </div>
  ),
};

export const Sizes: Story = {
  render: (args) => (
    <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 12 }}>
      <Button {...args} size="small">
        Small
      </Button>
      <Button {...args} size="standard">
        Standard
      </Button>
      <Button {...args} size="large">
        Large
      </Button>
    </div>
  ),
};

export const Busy: Story = {
  args: { busy: true, children: 'Signing in...' },
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button', { name: 'Signing in...' });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('aria-busy', 'true');
    button.click();
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button')).toBeDisabled();
  },
};

export const AsLink: Story = {
  args: { to: '/consultation-request', children: 'Book a consultation' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Book a consultation' })).toHaveAttribute(
      'href',
      '/consultation-request',
    );
  },
};

export const FullWidth: Story = { args: { fullWidth: true } };
