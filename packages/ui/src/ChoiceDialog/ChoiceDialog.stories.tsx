import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor } from 'storybook/test';
import { ChoiceDialog } from './ChoiceDialog.tsx';

/** A question that must be answered: one button per choice, each may fail; no Cancel, Escape does not close it. */
const meta = {
  title: 'Components/ChoiceDialog',
  component: ChoiceDialog,
  parameters: { layout: 'padded' },
  args: {
    open: true,
    title: 'Two versions of this page',
    description: 'The page was changed somewhere else. Which version do you keep?',
    choices: [
      { label: 'Use the other version', onChoose: fn(async () => undefined) },
      { label: 'Keep mine', variant: 'primary', onChoose: fn(async () => undefined) },
    ],
  },
} satisfies Meta<typeof ChoiceDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {
  play: async ({ args, userEvent }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Two versions of this page' });
    await waitFor(() => expect(dialog).toBeVisible());
    await userEvent.keyboard('{Escape}');
    await expect(dialog).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Keep mine' }));
    await expect(args.choices[1]!.onChoose).toHaveBeenCalledTimes(1);
    await expect(args.choices[0]!.onChoose).not.toHaveBeenCalled();
  },
};

/** A choice whose action fails: the reason is shown and the question stays. */
export const Failed: Story = {
  args: {
    choices: [
      { label: 'Use the other version', onChoose: fn(async () => undefined) },
      {
        label: 'Keep mine',
        variant: 'primary',
        onChoose: fn(async () =>
          Promise.reject(new Error('Could not reach the server. Check your connection and try again.')),
        ),
      },
    ],
  },
  play: async ({ userEvent }) => {
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(dialog).toBeVisible());
    await userEvent.click(screen.getByRole('button', { name: 'Keep mine' }));
    await expect(await screen.findByRole('alert')).toHaveTextContent('Could not reach the server.');
    await expect(dialog).toBeVisible();
  },
};
