import { describe, expect, it } from 'vitest';
import { htmlBlocks, mergeArticleVersions, mergeLists, type ArticleDraft } from '../src/index.ts';

const base: ArticleDraft = {
  title: 'Cloud backups',
  slug: 'cloud-backups',
  excerpt: null,
  content: '<p>Keep two copies.</p><h2>Where</h2><p>One off site.</p>',
  cover_image_url: null,
  cover_image_alt: null,
  tags: ['backups'],
  seo_description: null,
};
const edited = (over: Partial<ArticleDraft>): ArticleDraft => ({ ...base, ...over });

describe('htmlBlocks', () => {
  it('cuts the HTML into its top-level blocks, which put together are the HTML again', () => {
    const html =
      '<p>One <strong>bold</strong><br>line.</p>\n<ul><li><p>a</p></li><li>b</li></ul><img src="/x.png" alt="x">' +
      '<figure><img src="/y.png"><figcaption>Y</figcaption></figure><hr/>tail';
    const blocks = htmlBlocks(html);
    expect(blocks).toEqual([
      '<p>One <strong>bold</strong><br>line.</p>',
      '\n<ul><li><p>a</p></li><li>b</li></ul>',
      '<img src="/x.png" alt="x">',
      '<figure><img src="/y.png"><figcaption>Y</figcaption></figure>',
      '<hr/>',
      'tail',
    ]);
    expect(blocks.join('')).toBe(html);
    expect(htmlBlocks('')).toEqual([]);
  });
});

describe('mergeLists', () => {
  it('applies changes to different places from both sides', () => {
    expect(mergeLists(['a', 'b', 'c'], ['a', 'B', 'c'], ['a', 'b', 'c', 'd'])).toEqual(['a', 'B', 'c', 'd']);
    expect(mergeLists(['a', 'b', 'c'], ['b', 'c'], ['a', 'b', 'C'])).toEqual(['b', 'C']);
    expect(mergeLists([], ['a'], [])).toEqual(['a']);
  });

  it('takes the same change made on both sides once', () => {
    expect(mergeLists(['a', 'b'], ['a', 'B'], ['a', 'B'])).toEqual(['a', 'B']);
  });

  it('refuses changes to the same item, or different insertions at the same place', () => {
    expect(mergeLists(['a', 'b'], ['a', 'B'], ['a', 'b!'])).toBeNull();
    expect(mergeLists(['a', 'b'], ['a', 'x', 'b'], ['a', 'y', 'b'])).toBeNull();
    expect(mergeLists(['a', 'b', 'c'], ['a', 'c'], ['a', 'B', 'c'])).toBeNull();
    // An insertion inside a range the other side replaced.
    expect(mergeLists(['a', 'b', 'c', 'd'], ['a', 'X', 'd'], ['a', 'b', 'y', 'c', 'd'])).toBeNull();
  });
});

describe('mergeArticleVersions', () => {
  it('takes each field from the side that changed it', () => {
    const mine = edited({ title: 'Cloud backups, tested', tags: ['backups', 'testing'] });
    const theirs = edited({ seo_description: 'Two copies, one off site.', excerpt: 'Why two copies.' });
    expect(mergeArticleVersions(base, mine, theirs)).toEqual({
      ...base,
      title: 'Cloud backups, tested',
      tags: ['backups', 'testing'],
      seo_description: 'Two copies, one off site.',
      excerpt: 'Why two copies.',
    });
  });

  it('merges the text paragraph by paragraph when the two changed different ones', () => {
    const mine = edited({ content: '<p>Keep two copies, tested.</p><h2>Where</h2><p>One off site.</p>' });
    const theirs = edited({
      content: '<p>Keep two copies.</p><h2>Where</h2><p>One off site, in Wick.</p><p>Checked.</p>',
    });
    expect(mergeArticleVersions(base, mine, theirs)?.content).toBe(
      '<p>Keep two copies, tested.</p><h2>Where</h2><p>One off site, in Wick.</p><p>Checked.</p>',
    );
  });

  it('is null when both changed the same paragraph or the same field differently', () => {
    expect(
      mergeArticleVersions(
        base,
        edited({ content: '<p>Keep two copies. Mine.</p><h2>Where</h2><p>One off site.</p>' }),
        edited({ content: '<p>Keep two copies. Theirs.</p><h2>Where</h2><p>One off site.</p>' }),
      ),
    ).toBeNull();
    expect(mergeArticleVersions(base, edited({ title: 'Mine' }), edited({ title: 'Theirs' }))).toBeNull();
    expect(
      mergeArticleVersions(base, edited({ cover_image_url: '/a.png' }), edited({ cover_image_url: null })),
    ).toEqual(edited({ cover_image_url: '/a.png' }));
    expect(
      mergeArticleVersions(base, edited({ tags: ['backups', 'a'] }), edited({ tags: ['backups', 'b'] })),
    ).toBeNull();
  });

  it('with one side unchanged, is the other side', () => {
    const theirs = edited({ title: 'Theirs', content: '<p>All new.</p>' });
    expect(mergeArticleVersions(base, base, theirs)).toEqual(theirs);
    expect(mergeArticleVersions(base, theirs, base)).toEqual(theirs);
  });
});
