// An article page's onward links through the real local backend, asked as the public asks (the anon key): the
// published articles before and after it and those sharing a tag, never a draft, an unpublished or a scheduled one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleNeighbours, createArticle } from '../src/index.ts';
import { client, makeUser, startTestBackend } from './backend.ts';

let b: Awaited<ReturnType<typeof startTestBackend>>;
beforeAll(async () => {
  b = await startTestBackend();
});
afterAll(async () => {
  await b?.cleanup();
});

describe('articleNeighbours', () => {
  it('links the published articles before and after by date, and up to 3 sharing a tag; nothing unpublished', async () => {
    const alice = await makeUser(b, 'Alice Mackay');
    // status and published_at as the database would hold them after publishing, scheduling or unpublishing.
    const make = async (title: string, tags: string[], state: 'draft' | string) => {
      const a = await createArticle(alice.client, { title, tags });
      if (state !== 'draft')
        await b.db.query(
          `update public.articles set status = 'published', published_at = now() + $2::interval where id = $1`,
          [a.id, state],
        );
      return a.id;
    };
    const older = await make('Older published', ['cloud'], '-3 days');
    const unpublished = await make('Unpublished in between', ['cloud'], 'draft');
    await b.db.query(
      `update public.articles set created_at = now() - interval '2 days 12 hours' where id = $1`,
      [unpublished],
    );
    const current = await make('The article', ['cloud', 'backup'], '-2 days');
    const newer = await make('Newer published', ['backup'], '-1 day');
    const scheduled = await make('Scheduled for tomorrow', ['cloud'], '1 day');
    const untagged = await make('Untagged', [], '-5 days');
    const more = await Promise.all(
      ['-10 days', '-11 days', '-12 days'].map((at, i) => make(`Older cloud ${i}`, ['cloud'], at)),
    );

    const anon = client(b);
    const [row] = (
      await b.db.query<{ published_at: string }>('select published_at from public.articles where id = $1', [
        current,
      ])
    ).rows;
    const n = await articleNeighbours(anon, {
      id: current,
      published_at: new Date(row!.published_at).toISOString(),
      tags: ['cloud', 'backup'],
    });
    expect(n.previous?.id).toBe(older);
    expect(n.next?.id).toBe(newer);
    expect(n.related.map((r) => r.id)).toEqual([newer, older, more[0]]);
    const linked = [n.previous, n.next, ...n.related].map((r) => r?.id);
    for (const hidden of [unpublished, scheduled, current]) expect(linked).not.toContain(hidden);
    expect(linked).not.toContain(untagged);

    // The newest article has no next one (the scheduled article is not yet public); no tags, no related articles.
    const newest = await articleNeighbours(anon, {
      id: newer,
      published_at: new Date(Date.now() - 86_400_000).toISOString(),
      tags: [],
    });
    expect(newest.next).toBeNull();
    expect(newest.previous?.id).toBe(current);
    expect(newest.related).toEqual([]);

    // Unpublishing the older article takes it out of the links at once.
    await b.db.query(`update public.articles set status = 'draft', published_at = null where id = $1`, [
      older,
    ]);
    const after = await articleNeighbours(anon, {
      id: current,
      published_at: new Date(row!.published_at).toISOString(),
      tags: ['cloud'],
    });
    expect(after.previous?.id).toBe(untagged);
    expect([after.previous, after.next, ...after.related].map((r) => r?.id)).not.toContain(older);
  }, 60_000);
});
