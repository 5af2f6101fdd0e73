import { describe, expect, it } from 'vitest';
import { revisionDiff, revisionSummary, wordDiff } from '../src/index.ts';

const revision = (over: Partial<Parameters<typeof revisionDiff>[0]> = {}) => ({
  title: 'Cloud backups',
  slug: 'cloud-backups',
  excerpt: null,
  content: '<p>Keep two copies of everything.</p>',
  cover_image_url: null,
  cover_image_alt: null,
  tags: ['backups'],
  seo_description: null,
  ...over,
});

describe('wordDiff', () => {
  it('marks the words (and punctuation) added and removed, keeping the rest', () => {
    expect(wordDiff('Keep two copies of everything.', 'Keep three copies of everything, off site.')).toEqual([
      { kind: 'same', text: 'Keep ' },
      { kind: 'removed', text: 'two' },
      { kind: 'added', text: 'three' },
      { kind: 'same', text: ' copies of everything' },
      { kind: 'added', text: ', off site' },
      { kind: 'same', text: '.' },
    ]);
  });

  it('treats runs of white space as one space', () => {
    expect(wordDiff('one  two\nthree', 'one two three')).toEqual([{ kind: 'same', text: 'one two three' }]);
  });

  it('an empty side is all added or all removed', () => {
    expect(wordDiff('', 'New text')).toEqual([{ kind: 'added', text: 'New text' }]);
    expect(wordDiff('Old text', '')).toEqual([{ kind: 'removed', text: 'Old text' }]);
  });
});

describe('revisionDiff', () => {
  it('compares the text as read (without markup) and lists only the fields that differ', () => {
    const diff = revisionDiff(
      revision(),
      revision({
        title: 'Cloud backups done right',
        content: '<p>Keep <strong>three</strong> copies of everything.</p>',
      }),
    );
    expect(diff.map((d) => d.field)).toEqual(['title', 'content']);
    expect(diff[0]!.parts).toEqual([
      { kind: 'same', text: 'Cloud backups ' },
      { kind: 'added', text: 'done right' },
    ]);
    expect(diff[1]!.label).toBe('text');
    expect(diff[1]!.parts.filter((p) => p.kind !== 'same').map((p) => p.text)).toEqual(['two', 'three']);
  });

  it('shows a change of markup alone as the text, unchanged', () => {
    const diff = revisionDiff(
      revision(),
      revision({ content: '<p>Keep two copies of <em>everything</em>.</p>' }),
    );
    expect(diff).toEqual([
      { field: 'content', label: 'text', parts: [{ kind: 'same', text: 'Keep two copies of everything.' }] },
    ]);
  });

  it('compares tags as a list and empty fields as empty', () => {
    const diff = revisionDiff(revision(), revision({ tags: ['backups', 'cloud'], excerpt: 'Two copies' }));
    expect(diff.map((d) => [d.field, d.parts])).toEqual([
      ['excerpt', [{ kind: 'added', text: 'Two copies' }]],
      [
        'tags',
        [
          { kind: 'same', text: 'backups' },
          { kind: 'added', text: ', cloud' },
        ],
      ],
    ]);
  });

  it('two equal revisions: nothing', () => {
    expect(revisionDiff(revision(), revision())).toEqual([]);
  });
});

describe('revisionSummary', () => {
  it('names the kind, the fields changed and coalesced saves', () => {
    expect(revisionSummary({ kind: 'edit', changed: ['content', 'title'], saves: 3 })).toBe(
      'Edited text, title (3 saves)',
    );
    expect(revisionSummary({ kind: 'publish', changed: ['status', 'published_at'], saves: 1 })).toBe(
      'Published',
    );
    expect(revisionSummary({ kind: 'create', changed: [], saves: 1 })).toBe('Created');
    expect(revisionSummary({ kind: 'restore', changed: ['content'], saves: 1 })).toBe('Restored text');
  });
});
