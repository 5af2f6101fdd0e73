import { describe, expect, it } from 'vitest';
import {
  articleImageUrls,
  articleState,
  cardCover,
  cardCoverSrcSet,
  composeOfflineDraft,
  downscaleFactor,
  excerptFrom,
  extensionOf,
  imageFileName,
  imageProblem,
  isUuid,
  markdownToHtml,
  maxImageBytes,
  maxSlugLength,
  monthlyQuotaFrom,
  objectNameFromUrl,
  parseGeneratedDraft,
  parseGeneratorInput,
  parseTags,
  quotaPeriodStart,
  replaceImageUrl,
  toArticleError,
  quotaStanding,
  quotaText,
  readingMinutes,
  slugify,
  slugProblem,
  uniqueSlug,
  validateArticle,
  wordCount,
  generatorMessages,
  notesSource,
  type DraftSource,
} from '../src/index.ts';

describe('slugs', () => {
  it('transliterates, lower-cases and joins words with single hyphens', () => {
    expect(slugify('Moving a Caithness business to the Cloud!')).toBe(
      'moving-a-caithness-business-to-the-cloud',
    );
    expect(slugify('Gàidhlig & Straße: ūber Ærø')).toBe('gaidhlig-and-strasse-uber-aero');
    expect(slugify('Привет, мир')).toBe('privet-mir');
    expect(slugify("  Don't   panic -- it's   fine  ")).toBe('dont-panic-its-fine');
    expect(slugify('!!!')).toBe('');
  });

  it('cuts long titles at a word boundary within the limit', () => {
    const slug = slugify('word '.repeat(40));
    expect(slug.length).toBeLessThanOrEqual(maxSlugLength);
    expect(slug.endsWith('-')).toBe(false);
    expect(slug.split('-').every((w) => w === 'word')).toBe(true);
  });

  it('checks typed slugs', () => {
    expect(slugProblem('my-article-2')).toBeNull();
    expect(slugProblem('')).toBe('empty');
    expect(slugProblem('My Article')).toBe('format');
    expect(slugProblem('double--hyphen')).toBe('format');
    expect(slugProblem('-leading')).toBe('format');
    expect(slugProblem('a'.repeat(81))).toBe('too-long');
    expect(slugProblem('a7f0c3e2-0000-4000-8000-000000000001')).toBe('uuid');
    expect(isUuid('A7F0C3E2-0000-4000-8000-000000000001')).toBe(true);
  });

  it('makes a slug unique with the first free number', () => {
    expect(uniqueSlug('cloud', [])).toBe('cloud');
    expect(uniqueSlug('cloud', ['cloud'])).toBe('cloud-2');
    expect(uniqueSlug('cloud', ['cloud', 'cloud-2', 'cloud-3'])).toBe('cloud-4');
    const long = 'a'.repeat(maxSlugLength);
    const next = uniqueSlug(long, [long]);
    expect(next).toHaveLength(maxSlugLength);
    expect(next.endsWith('-2')).toBe(true);
    expect(uniqueSlug('', [])).toBe('article');
  });
});

describe('text', () => {
  const html =
    '<h2>Plan</h2><p>One two&nbsp;three <strong>four</strong></p><ul><li>five</li><li>six</li></ul>';
  it('counts words of the text, not the markup', () => {
    expect(wordCount(html)).toBe(7);
    expect(wordCount('')).toBe(0);
    expect(wordCount('<p>Tom &amp; Jerry</p>')).toBe(3);
  });

  it('reads at 200 words a minute, at least one minute', () => {
    expect(readingMinutes('')).toBe(1);
    expect(readingMinutes(`<p>${'word '.repeat(200)}</p>`)).toBe(1);
    expect(readingMinutes(`<p>${'word '.repeat(201)}</p>`)).toBe(2);
    expect(readingMinutes(`<p>${'word '.repeat(1000)}</p>`)).toBe(5);
  });

  it('writes an excerpt cut at a word with an ellipsis', () => {
    expect(excerptFrom(html)).toBe('Plan One two three four five six');
    const long = `<p>${'alpha beta gamma '.repeat(30)}</p>`;
    const excerpt = excerptFrom(long, 50);
    expect(excerpt.length).toBeLessThanOrEqual(50);
    expect(excerpt.endsWith('…')).toBe(true);
    expect(excerpt).toMatch(/^(alpha|beta|gamma)( (alpha|beta|gamma))*…$/);
  });
});

describe('image names (prefix or time, random, extension) and checks', () => {
  it('builds prefix-or-time, random string and the original extension', () => {
    expect(imageFileName('Photo.JPG', { now: 1763900000000, random: 'abc123' })).toBe(
      '1763900000000-abc123.jpg',
    );
    expect(imageFileName('shot.png', { prefix: 'cover', random: 'x1' })).toBe('cover-x1.png');
    expect(imageFileName('noext', { now: 5, random: 'r', type: 'image/webp' })).toBe('5-r.webp');
    expect(imageFileName('a.tar.gz.avif', { now: 5, random: 'r' })).toBe('5-r.avif');
    expect(imageFileName('../../etc/passwd.png', { prefix: '../x y', random: 'r' })).toBe('x-y-r.png');
  });

  it('uses a fresh random string each time', () => {
    const names = new Set(Array.from({ length: 50 }, () => imageFileName('a.png', { now: 1 })));
    expect(names.size).toBe(50);
    for (const n of names) expect(n).toMatch(/^1-[a-z0-9]{10}\.png$/);
  });

  it('takes the extension from the name only', () => {
    expect(extensionOf('x.JPEG')).toBe('jpeg');
    expect(extensionOf('.hidden')).toBe('');
    expect(extensionOf('trailing.')).toBe('');
    expect(extensionOf('dir.v2/file')).toBe('');
  });

  it('accepts the bucket types up to 5 MB', () => {
    expect(imageProblem({ type: 'image/png', size: 10 })).toBeNull();
    expect(imageProblem({ type: 'image/svg+xml', size: 10 })).toBe('type');
    expect(imageProblem({ type: 'application/pdf', size: 10 })).toBe('type');
    expect(imageProblem({ type: 'image/jpeg', size: maxImageBytes + 1 })).toBe('size');
    expect(imageProblem({ type: 'image/jpeg', size: maxImageBytes })).toBeNull();
    expect(imageProblem({ type: 'image/jpeg', size: 0 })).toBe('empty');
  });

  it('identifies an object by the last segment of its URL', () => {
    expect(objectNameFromUrl('http://h/storage/v1/object/public/article-images/1-abc.png')).toBe('1-abc.png');
    expect(objectNameFromUrl('http://h/storage/v1/object/public/article-images/a%20b.png?x=1')).toBe(
      'a b.png',
    );
    expect(objectNameFromUrl('http://h/')).toBeNull();
  });

  it('finds the article-images URLs of an article', () => {
    const base = 'http://h/storage/v1/object/public/article-images/';
    expect(
      articleImageUrls({
        cover_image_url: `${base}c.png`,
        content: `<p>x</p><figure><img src="${base}a.png" alt=""></figure><img alt='' src='${base}b.png'><img src="https://elsewhere/x.png"><img src="${base}a.png">`,
      }),
    ).toEqual([`${base}c.png`, `${base}a.png`, `${base}b.png`]);
  });

  it('points every use of one image address at another (a copy’s own file)', () => {
    const base = 'http://h/storage/v1/object/public/article-images/';
    const content = `<img src="${base}a.png?w=1&h=2"><p>${base}b.png</p><img src='${base}a.png?w=1&amp;h=2'>`;
    expect(replaceImageUrl(content, `${base}a.png?w=1&h=2`, `${base}c.png`)).toBe(
      `<img src="${base}c.png"><p>${base}b.png</p><img src='${base}c.png'>`,
    );
    expect(replaceImageUrl(content, `${base}z.png`, `${base}c.png`)).toBe(content);
  });

  it('renders an article-images cover at card widths through Storage, and leaves any other image as it is', () => {
    const object = 'https://ref.supabase.co/storage/v1/object/public/article-images/seed/a%20b.png';
    const render = 'https://ref.supabase.co/storage/v1/render/image/public/article-images/seed/a%20b.png';
    expect(cardCoverSrcSet(object)).toBe(
      `${render}?width=480&height=270&resize=cover 480w, ` +
        `${render}?width=720&height=405&resize=cover 720w, ` +
        `${render}?width=960&height=540&resize=cover 960w`,
    );
    // A query on the stored URL (a download flag) is not carried into the renderings.
    expect(cardCoverSrcSet(`${object}?download=1`)?.split(', ')[0]).toBe(
      `${render}?width=480&height=270&resize=cover 480w`,
    );
    expect(
      cardCoverSrcSet('https://elsewhere.example/storage/v1/object/public/avatars/x.png'),
    ).toBeUndefined();
    expect(cardCoverSrcSet('https://images.example/cover.png')).toBeUndefined();
    expect(cardCoverSrcSet('/storage/v1/object/public/article-images/relative.png')).toBeUndefined();

    const row = { cover_image_url: object, cover_image_alt: 'A map' };
    expect(cardCover(row)).toEqual({ url: object, alt: 'A map', srcSet: cardCoverSrcSet(object) });
    expect(cardCover(row, { transformations: false })).toEqual({ url: object, alt: 'A map' });
    expect(cardCover({ cover_image_url: null, cover_image_alt: 'unused' })).toBeNull();
  });

  it('scales the longest side down to 2000 px', () => {
    expect(downscaleFactor(4000, 3000)).toBe(0.5);
    expect(downscaleFactor(1000, 5000)).toBe(0.4);
    expect(downscaleFactor(2000, 1500)).toBe(1);
  });
});

describe('article fields and state', () => {
  it('validates with clear messages', () => {
    expect(validateArticle({ title: 'Fine', slug: 'fine' })).toEqual({});
    expect(validateArticle({ title: '   ' }).title).toBe('Enter a title.');
    expect(validateArticle({ title: 'x'.repeat(301) }).title).toMatch(/at most 300/);
    expect(validateArticle({ slug: 'Bad Slug' }).slug).toMatch(/lower-case/);
    expect(validateArticle({ seo_description: 'x'.repeat(161) }).seo_description).toMatch(/160/);
    expect(validateArticle({ tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }).tags).toMatch(/10 tags/);
    expect(validateArticle({ tags: ['cloud', '<b>bold</b>'] }).tags).toBe(
      'Tags are plain words: leave out < and >.',
    );
  });

  it('normalises tags', () => {
    expect(parseTags(' Cloud, cloud ,  Highland   IT,, ')).toEqual(['cloud', 'highland it']);
  });

  it('tells draft, scheduled and published apart by time', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    expect(articleState({ status: 'draft', published_at: null }, now)).toBe('draft');
    expect(articleState({ status: 'published', published_at: '2026-11-23T11:59:59Z' }, now)).toBe(
      'published',
    );
    expect(articleState({ status: 'published', published_at: '2026-11-23T12:01:00Z' }, now)).toBe(
      'scheduled',
    );
  });
});

describe('errors of the article calls', () => {
  it('tells a save based on a stale version apart from other refusals', () => {
    const stale = toArticleError({ code: 'PT409', message: 'changed elsewhere', hint: 'stale_version' });
    expect(stale.code).toBe('conflict');
    expect(stale.message).toMatch(/changed somewhere else since you opened it.*not saved/);
    // A PostgREST that leaves the code out of a PTnnn answer still sends the hint.
    expect(toArticleError({ message: '', hint: 'stale_version', details: 'version 1' }).code).toBe(
      'conflict',
    );
    expect(toArticleError({ code: '23505', message: 'duplicate key' }).code).toBe('duplicate-slug');
    expect(toArticleError({ code: 'PGRST116', message: '0 rows' }).code).toBe('not-found');
  });
});

describe('generator rules', () => {
  it('requires a topic and checks the options', () => {
    expect(parseGeneratorInput({}).errors.topic).toBe('Enter a topic for the article.');
    expect(parseGeneratorInput({ topic: '   ' }).errors.topic).toBe('Enter a topic for the article.');
    expect(parseGeneratorInput({ topic: 'x'.repeat(201) }).errors.topic).toMatch(/200/);
    expect(parseGeneratorInput({ topic: 'ok', service: 'nope' }).errors.service).toBeTruthy();
    expect(parseGeneratorInput({ topic: 'ok', length: 'huge' }).errors.length).toBeTruthy();
    const { input, errors } = parseGeneratorInput({
      topic: ' Cloud  backups ',
      keywords: 'a, b,a',
      service: 'cloud-infrastructure',
    });
    expect(errors).toEqual({});
    expect(input).toMatchObject({
      topic: 'Cloud backups',
      keywords: ['a', 'b'],
      length: 'medium',
      service: 'cloud-infrastructure',
    });
  });

  it('asks the model for the structure the editor expects', () => {
    const { input } = parseGeneratorInput({
      topic: 'Cloud backups',
      service: 'cloud-infrastructure',
      keywords: ['RPO'],
    });
    const [system, user] = generatorMessages(input);
    expect(system!.content).toMatch(/Meta description:/);
    expect(user!.content).toMatch(/Topic: Cloud backups/);
    expect(user!.content).toMatch(/Cloud Infrastructure/);
    expect(user!.content).toMatch(/RPO/);
  });

  it('composes a readable offline draft from its sources, each section citing them', () => {
    const { input } = parseGeneratorInput({
      topic: 'Cloud backups for a small office',
      audience: 'Small business owners',
      length: 'long',
      keywords: ['disaster recovery'],
      service: 'cloud-infrastructure',
      notes: 'Our Wick client restores a mailbox every quarter.',
    });
    const link = { label: 'Cloud Infrastructure', to: '/services/cloud-infrastructure' };
    const sources: DraftSource[] = [
      { id: 'service:cloud-infrastructure', title: 'Cloud Infrastructure', text: '', link },
      { id: 'prices:cloud-infrastructure', title: 'Cloud Infrastructure prices', text: '', link },
      {
        id: 'hours',
        title: 'Opening hours',
        text: 'We are open Monday to Friday, 09:00 to 17:00.',
        link: { label: 'Contact us', to: '/contact' },
      },
      {
        id: 'consultation',
        title: 'Book a consultation',
        text: 'Not sure what you need? Start with a free consultation: an hour with an engineer. More.',
        link: { label: 'Request a consultation', to: '/consultation-request' },
      },
      notesSource(input.notes)!,
    ];
    const md = composeOfflineDraft(input, sources);
    const draft = parseGeneratedDraft(md);
    expect(draft.title).toBe('Cloud backups for a small office');
    expect(draft.metaDescription).toBeTruthy();
    expect(draft.metaDescription!.length).toBeLessThanOrEqual(155);
    const headings = [...draft.body.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
    expect(headings).toEqual([
      'What Cloud Infrastructure covers',
      'What Cloud Infrastructure costs',
      'Opening hours',
      'From our notes',
      'Conclusion',
    ]);
    expect(draft.body).toMatch(/^- Backup, disaster recovery and 24\/7 monitoring$/m);
    expect(draft.body).toMatch(/^- \*\*Foundation\*\*: from £1,000 one-off, or £250 a month\./m);
    expect(draft.body).toContain('Our Wick client restores a mailbox every quarter.');
    expect(draft.body).toContain('disaster recovery');
    // Every section ends with its sources, as links the author can open.
    expect(draft.body.match(/^Sources: .+$/gm)).toEqual([
      'Sources: [Cloud Infrastructure](/services/cloud-infrastructure)',
      'Sources: [Cloud Infrastructure](/services/cloud-infrastructure)',
      'Sources: [Contact us](/contact)',
      'Sources: Your notes',
      'Sources: [Request a consultation](/consultation-request)',
    ]);
    const html = markdownToHtml(draft.body);
    expect(html).toMatch(/<a href="\/services\/cloud-infrastructure">Cloud Infrastructure<\/a>/);
    expect(html).toMatch(/<ul>/);
    // No stock phrases an author would delete.
    expect(md).not.toMatch(/worth discussing with your provider|a practical guide with/);
    expect(composeOfflineDraft(input, sources)).toBe(md);
  });

  it('says the company does not offer what a price question asks about, when no source covers it', () => {
    const { input } = parseGeneratorInput({ topic: 'Printer leasing prices' });
    const md = composeOfflineDraft(input, []);
    expect(md).toContain(
      'Pentland Cloud does not offer printer leasing, so this article does not quote prices',
    );
    expect(md).not.toMatch(/£/);
  });

  it('refuses notes that are not text or too long', () => {
    expect(parseGeneratorInput({ topic: 'x', notes: 5 }).errors.notes).toBe('Notes must be text.');
    expect(parseGeneratorInput({ topic: 'x', notes: 'a'.repeat(4001) }).errors.notes).toBe(
      'Notes must be at most 4,000 characters.',
    );
    expect(parseGeneratorInput({ topic: 'x', notes: 'a'.repeat(4000) }).errors).toEqual({});
  });

  it('parses a model answer, with a fallback title', () => {
    const d = parseGeneratedDraft('Intro text\n\n## Part\n\n**Meta description:** Short one.');
    expect(d).toMatchObject({
      title: 'Untitled article',
      metaDescription: 'Short one.',
      body: 'Intro text\n\n## Part',
    });
    expect(markdownToHtml('# Big\n\ntext')).toBe('<h2>Big</h2>\n<p>text</p>\n');
  });
});

describe('quota', () => {
  it('reads the configured monthly quota, 3 by default', () => {
    expect(monthlyQuotaFrom(undefined)).toBe(3);
    expect(monthlyQuotaFrom('10')).toBe(10);
    expect(monthlyQuotaFrom('0')).toBe(0);
    expect(monthlyQuotaFrom('-1')).toBe(3);
    expect(monthlyQuotaFrom('abc')).toBe(3);
  });

  it('counts per calendar month in UTC', () => {
    expect(quotaPeriodStart(new Date('2026-11-30T23:59:59Z')).toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(quotaPeriodStart(new Date('2026-12-01T00:00:00Z')).toISOString()).toBe('2026-12-01T00:00:00.000Z');
  });

  it('reports what is left, unlimited for premium', () => {
    const now = new Date('2026-11-23T00:00:00Z');
    expect(quotaStanding(1, 3, false, now)).toEqual({
      premium: false,
      used: 1,
      limit: 3,
      remaining: 2,
      resetsAt: '2026-12-01T00:00:00.000Z',
    });
    expect(quotaStanding(5, 3, false, now).remaining).toBe(0);
    expect(quotaStanding(50, 3, true, now)).toMatchObject({ limit: null, remaining: null });
    expect(quotaText(quotaStanding(1, 3, false, now))).toBe('2 of 3 free generations left this month');
    expect(quotaText(quotaStanding(1, 3, true, now))).toBe('Unlimited generations with Premium');
  });
});
