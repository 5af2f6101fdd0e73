import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { revisionDiff, type ArticleRevision, type RevisionKind } from '@pentland/articles';
import { ArticleHistory } from './ArticleHistory.tsx';

const texts = [
  '<p>Backups belong in two places.</p>',
  '<p>Backups of a small business belong in two places, one of them off site.</p>',
  '<p>Backups of a small business in Caithness belong in two places, one of them off site, tested now and then.</p>',
];

function revision(id: number, kind: RevisionKind, over: Partial<ArticleRevision> = {}): ArticleRevision {
  return {
    id,
    article_id: '7b0f5a9e-4c1d-4e57-9f3a-2b6d1c8e0a11',
    editor_id: 'u1',
    kind,
    changed: kind === 'publish' || kind === 'unpublish' ? ['status', 'published_at'] : ['content'],
    version: id,
    title: 'Cloud backups for a Highland business',
    slug: 'cloud-backups',
    excerpt: null,
    cover_image_url: null,
    cover_image_alt: null,
    tags: ['backups'],
    seo_description: null,
    status: kind === 'publish' ? 'published' : 'draft',
    published_at: null,
    restored_from: null,
    saves: 1,
    created_at: new Date(Date.UTC(2026, 10, 20, 9, 0) + id * 17 * 60_000).toISOString(),
    updated_at: new Date(Date.UTC(2026, 10, 20, 9, 0) + id * 17 * 60_000).toISOString(),
    editor: { full_name: 'Fiona Sinclair' },
    ...over,
  };
}

const few = [
  revision(4, 'edit', { changed: ['content', 'title'], saves: 6 }),
  revision(3, 'publish'),
  revision(2, 'edit', { saves: 3 }),
  revision(1, 'create', { changed: [] }),
];
const contentOf = (id: number) => texts[Math.min(id - 1, 2)] ?? texts[0]!;
const withContent = (r: ArticleRevision) => ({
  ...r,
  title: r.id >= 4 ? 'Cloud backups for a Highland business, tested' : r.title,
  content: contentOf(r.id),
});

const kinds: RevisionKind[] = ['edit', 'edit', 'publish', 'edit', 'unpublish', 'restore'];
const many = Array.from({ length: 40 }, (_, i) => 40 - i).map((id) =>
  id === 1 ? revision(1, 'create', { changed: [] }) : revision(id, kinds[id % kinds.length]!),
);

/**
 * The article editor's revision history: every save that changed the article and every publish or unpublish, two
 * of them compared word by word, and a revision restored after a confirmation.
 */
const meta = {
  title: 'Articles/ArticleHistory',
  component: ArticleHistory,
  parameters: { layout: 'padded' },
  args: {
    revisions: few,
    loadDiff: fn(async (older: number, newer: number) => {
      const a = few.find((r) => r.id === older)!;
      const b = few.find((r) => r.id === newer)!;
      return revisionDiff(withContent(a), withContent(b));
    }),
    onRestore: fn(async () => undefined),
  },
} satisfies Meta<typeof ArticleHistory>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A new article that has not been saved yet. */
export const Empty: Story = {
  args: { revisions: [] },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/No revisions yet/)).toBeVisible();
  },
};

/** The list while it loads. */
export const Loading: Story = {
  args: { revisions: null },
  parameters: { visual: { disable: true } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('status')).toHaveTextContent('Loading the revisions...');
  },
};

/** A few revisions, none chosen yet. */
export const Few: Story = {
  play: async ({ canvas }) => {
    const list = await canvas.findByRole('list', { name: 'Revisions, newest first' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    await expect(canvas.getByText('Revision 4: Edited text, title (6 saves)')).toBeVisible();
    await expect(canvas.getByText('Revision 1: Created')).toBeVisible();
    await expect(canvas.getByText('Choose two revisions to compare.')).toBeVisible();
  },
};

/** Forty revisions: the list grows, each still restorable. */
export const Many: Story = {
  args: { revisions: many },
  play: async ({ canvas }) => {
    const list = await canvas.findByRole('list', { name: 'Revisions, newest first' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(40);
    await expect(canvas.getAllByRole('button', { name: /^Restore revision \d+$/ })).toHaveLength(40);
  },
};

/** Two revisions compared: words added underlined, words removed struck through, per field. */
export const Diff: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('checkbox', { name: /Revision 1: Created/ }));
    await expect(canvas.getByText('Choose one more revision.')).toBeVisible();
    await userEvent.click(canvas.getByRole('checkbox', { name: /Revision 4:/ }));
    await expect(args.loadDiff).toHaveBeenCalledWith(1, 4);
    const panel = await canvas.findByRole('region', { name: 'Changes from revision 1 to revision 4' });
    await waitFor(() => expect(within(panel).getByRole('heading', { name: 'Text' })).toBeVisible());
    await expect(within(panel).getByRole('heading', { name: 'Title' })).toBeVisible();
    const added = panel.querySelectorAll('ins');
    await expect([...added].map((e) => e.textContent).join('|')).toContain('in Caithness');
  },
};

/** A comparison that could not be loaded. */
export const DiffFailed: Story = {
  parameters: { visual: { disable: true } },
  args: {
    loadDiff: fn(async (_older: number, _newer: number) =>
      Promise.reject(new Error('Could not reach the server. Check your connection and try again.')),
    ),
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('checkbox', { name: /Revision 1:/ }));
    await userEvent.click(canvas.getByRole('checkbox', { name: /Revision 2:/ }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Could not reach the server.');
  },
};

/** Restore asks first; confirming calls onRestore with the revision. */
export const RestoreConfirm: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Restore revision 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restore revision 2?' });
    await waitFor(() => expect(dialog).toBeVisible());
    await expect(args.onRestore).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(args.onRestore).toHaveBeenCalledWith(expect.objectContaining({ id: 2 })));
  },
};

/** The list could not be loaded. */
export const Failed: Story = {
  args: { revisions: null, error: 'Could not reach the server. Check your connection and try again.' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Could not reach the server.');
  },
};
