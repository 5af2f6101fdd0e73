import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor } from 'storybook/test';
import { ArticleConflictDialog } from './ArticleConflictDialog.tsx';

/**
 * The article editor's conflict: a save was refused because the article was saved elsewhere since it was opened.
 * Autosave waits; the author keeps their text (saved over the other) or loads the other version (theirs discarded).
 */
const meta = {
  title: 'Articles/ArticleConflictDialog',
  component: ArticleConflictDialog,
  parameters: { layout: 'padded' },
  args: {
    open: true,
    onKeepMine: fn(async () => undefined),
    onTakeTheirs: fn(async () => undefined),
  },
} satisfies Meta<typeof ArticleConflictDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const dialog = () => screen.findByRole('dialog', { name: 'This article was changed elsewhere' });

/** The question, before a choice: nothing closes it but a choice. */
export const Open: Story = {
  play: async ({ args, userEvent }) => {
    const d = await dialog();
    await waitFor(() => expect(d).toBeVisible());
    await expect(d).toHaveTextContent('your latest changes were not saved');
    await userEvent.keyboard('{Escape}');
    await expect(d).toBeVisible();
    await expect(args.onKeepMine).not.toHaveBeenCalled();
    await expect(args.onTakeTheirs).not.toHaveBeenCalled();
  },
};

/** 'Keep my version' under way: busy, the other choice disabled until it settles. */
export const KeepingMine: Story = {
  args: { onKeepMine: fn(() => new Promise<void>(() => undefined)) },
  play: async ({ args, userEvent }) => {
    await dialog();
    await userEvent.click(screen.getByRole('button', { name: 'Keep my version' }));
    await expect(args.onKeepMine).toHaveBeenCalledTimes(1);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Load the other version' })).toBeDisabled(),
    );
  },
};

/** 'Load the other version' chosen. */
export const TakingTheirs: Story = {
  parameters: { visual: { disable: true } },
  play: async ({ args, userEvent }) => {
    await dialog();
    await userEvent.click(screen.getByRole('button', { name: 'Load the other version' }));
    await expect(args.onTakeTheirs).toHaveBeenCalledTimes(1);
    await expect(args.onKeepMine).not.toHaveBeenCalled();
  },
};

/** A choice that fails (offline, or changed yet again): the reason shows and the question stays. */
export const Failed: Story = {
  args: {
    onKeepMine: fn(async () =>
      Promise.reject(new Error('Could not reach the server. Check your connection and try again.')),
    ),
  },
  play: async ({ userEvent }) => {
    await dialog();
    await userEvent.click(screen.getByRole('button', { name: 'Keep my version' }));
    await expect(await screen.findByRole('alert')).toHaveTextContent('Could not reach the server.');
    await expect(await dialog()).toBeVisible();
  },
};
