import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { revisionDiff } from '@pentland/articles';
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
    onMerge: fn(async () => undefined),
  },
} satisfies Meta<typeof ArticleConflictDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const dialog = () => screen.findByRole('dialog', { name: 'This article was changed elsewhere' });

const saved = {
  slug: 'backups-for-a-thurso-surgery',
  excerpt: null,
  cover_image_url: null,
  cover_image_alt: null,
  seo_description: null,
};
/** What an administrator saved meanwhile, and what the author had written since opening the article. */
const theirs = {
  ...saved,
  title: 'Backups for a Thurso surgery',
  content: '<p>Keep two copies of the records, one of them off site. Checked by an administrator.</p>',
  tags: ['backups'],
};
const mine = {
  ...saved,
  title: 'Backups for a Thurso surgery, tested',
  content: '<p>Keep two copies of the records, one of them off site, and test a restore every month.</p>',
  tags: ['backups', 'health'],
};

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
    // The dialog fades in; the question is answered once it shows, and it still shows after the failure.
    const d = await dialog();
    await waitFor(() => expect(d).toBeVisible());
    await userEvent.click(screen.getByRole('button', { name: 'Keep my version' }));
    await expect(await screen.findByRole('alert')).toHaveTextContent('Could not reach the server.');
    await waitFor(async () => expect(await dialog()).toBeVisible());
  },
};

/**
 * Both versions shown word by word, each field that differs under its name: theirs struck through, mine underlined.
 * Both changed the same paragraph, so there is nothing to merge: keep one or the other.
 */
export const BothVersions: Story = {
  args: { comparison: { kind: 'ready', fields: revisionDiff(theirs, mine), mergeable: false } },
  play: async () => {
    const d = await dialog();
    const both = within(d).getByRole('region', { name: 'The other version and yours' });
    await waitFor(() => expect(both).toBeVisible());
    await expect(within(both).getByRole('heading', { name: 'Text' })).toBeVisible();
    await expect(within(both).getByRole('heading', { name: 'Title' })).toBeVisible();
    await expect(within(both).getByRole('heading', { name: 'Tags' })).toBeVisible();
    const words = (tag: string) => [...both.querySelectorAll(`p ${tag}`)].map((e) => e.textContent).join('|');
    await expect(words('del')).toContain('Checked by an administrator');
    await expect(words('ins')).toContain('test a restore every month');
    // The choices stay in view below the comparison.
    await expect(within(d).getByRole('button', { name: 'Keep my version' })).toBeVisible();
    await expect(within(d).queryByRole('button', { name: 'Merge both' })).toBeNull();
    await expect(d).toHaveTextContent('Both versions changed the same part, so they cannot be merged');
  },
};

/** The two changed different parts (the title here, the text there): merging both is offered, and suggested. */
export const Mergeable: Story = {
  args: {
    comparison: {
      kind: 'ready',
      fields: revisionDiff(theirs, { ...theirs, title: mine.title }),
      mergeable: true,
    },
  },
  play: async ({ args, userEvent }) => {
    const d = await dialog();
    await waitFor(() => expect(d).toBeVisible());
    await expect(d).toHaveTextContent('Merge both saves the other version’s changes and yours together');
    await userEvent.click(within(d).getByRole('button', { name: 'Merge both' }));
    await expect(args.onMerge).toHaveBeenCalledTimes(1);
    await expect(args.onKeepMine).not.toHaveBeenCalled();
  },
};

/** The other version is being read. */
export const Comparing: Story = {
  parameters: { visual: { disable: true } },
  args: { comparison: { kind: 'loading' } },
  play: async () => {
    const d = await dialog();
    await expect(within(d).getByRole('status')).toHaveTextContent('Comparing the two versions...');
  },
};

/** The other version changed only whether the article is published: the texts are the same. */
export const SameContent: Story = {
  parameters: { visual: { disable: true } },
  args: { comparison: { kind: 'ready', fields: revisionDiff(theirs, theirs), mergeable: false } },
  play: async () => {
    const d = await dialog();
    await expect(within(d).getByRole('region', { name: 'The other version and yours' })).toHaveTextContent(
      'The text and settings of the two versions are the same',
    );
  },
};

/** The other version could not be read to compare: the choices still stand. */
export const ComparisonFailed: Story = {
  parameters: { visual: { disable: true } },
  args: {
    comparison: {
      kind: 'failed',
      message: 'Could not read the other version to compare. Check your connection.',
    },
  },
  play: async () => {
    const d = await dialog();
    await expect(within(d).getByRole('alert')).toHaveTextContent('Could not read the other version');
    await expect(within(d).getByRole('button', { name: 'Load the other version' })).toBeEnabled();
  },
};
