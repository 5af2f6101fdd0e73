import {
  formatFromPrice,
  serviceBySlug,
  serviceDetails,
  servicePrices,
  services,
  type Service,
} from '@pentland/site-data';
import { slugify } from './slugify.ts';

export const generatorAudiences = [
  'Small business owners',
  'IT managers',
  'Public sector and charities',
  'Developers',
  'General readers',
] as const;
export const generatorTones = ['Professional', 'Friendly', 'Informative', 'Persuasive'] as const;
export const generatorLengths = {
  short: { label: 'Short (about 400 words)', words: 400, sections: 2 },
  medium: { label: 'Medium (about 800 words)', words: 800, sections: 3 },
  long: { label: 'Long (about 1,200 words)', words: 1200, sections: 4 },
} as const;

export type GeneratorLength = keyof typeof generatorLengths;

export interface GeneratorInput {
  topic: string;
  audience: string;
  tone: string;
  length: GeneratorLength;
  /** Up to ten keywords. */
  keywords: string[];
  /** A service slug from site-data, or none. */
  service: string | null;
  /** The author's own notes for the draft to draw on (facts, figures, a client's story); may be empty. */
  notes: string;
}

export const generatorLimits = {
  topic: 200,
  keywords: 10,
  keyword: 40,
  audience: 80,
  tone: 40,
  notes: 4000,
} as const;

export type GeneratorErrors = Partial<Record<keyof GeneratorInput, string>>;

/** Reads and checks a request body; `errors` is empty when `input` can be used. */
export function parseGeneratorInput(body: unknown): { input: GeneratorInput; errors: GeneratorErrors } {
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const errors: GeneratorErrors = {};
  const topic = typeof b.topic === 'string' ? b.topic.trim().replace(/\s+/g, ' ') : '';
  if (!topic) errors.topic = 'Enter a topic for the article.';
  else if (topic.length > generatorLimits.topic)
    errors.topic = `The topic must be at most ${generatorLimits.topic} characters.`;
  const audience =
    typeof b.audience === 'string' && b.audience.trim() ? b.audience.trim() : generatorAudiences[0];
  if (audience.length > generatorLimits.audience) errors.audience = 'Choose an audience from the list.';
  const tone = typeof b.tone === 'string' && b.tone.trim() ? b.tone.trim() : generatorTones[0];
  if (tone.length > generatorLimits.tone) errors.tone = 'Choose a tone from the list.';
  const length = (
    typeof b.length === 'string' && b.length in generatorLengths ? b.length : 'medium'
  ) as GeneratorLength;
  if (b.length !== undefined && b.length !== length) errors.length = 'Choose short, medium or long.';
  const rawKeywords = Array.isArray(b.keywords)
    ? b.keywords
    : typeof b.keywords === 'string'
      ? b.keywords.split(',')
      : [];
  const keywords = [
    ...new Set(
      rawKeywords
        .filter((k): k is string => typeof k === 'string')
        .map((k) => k.trim())
        .filter(Boolean),
    ),
  ];
  if (keywords.length > generatorLimits.keywords)
    errors.keywords = `Use at most ${generatorLimits.keywords} keywords.`;
  else if (keywords.some((k) => k.length > generatorLimits.keyword))
    errors.keywords = `Each keyword must be at most ${generatorLimits.keyword} characters.`;
  const service = typeof b.service === 'string' && b.service ? b.service : null;
  if (service && !services.some((s) => s.slug === service))
    errors.service = 'Choose a service from the list.';
  const notes = typeof b.notes === 'string' ? b.notes.trim() : '';
  if (b.notes !== undefined && b.notes !== null && typeof b.notes !== 'string')
    errors.notes = 'Notes must be text.';
  else if (notes.length > generatorLimits.notes)
    errors.notes = `Notes must be at most ${generatorLimits.notes.toLocaleString('en-GB')} characters.`;
  return { input: { topic, audience, tone, length, keywords, service, notes }, errors };
}

function serviceOf(input: GeneratorInput): Service | undefined {
  return input.service ? serviceBySlug(input.service) : undefined;
}

/**
 * A passage of the site's own content (or the author's notes) a draft is written from, cited as a Markdown link
 * at the end of each section that uses it. The chat's knowledge passages have this shape.
 */
export interface DraftSource {
  id: string;
  title: string;
  text: string;
  link: { label: string; to: string } | null;
  /** Words people use for its topic that the text may not contain. */
  keywords?: string;
}

/** What finds the site's passages for a topic (the chat's retriever over its knowledge passages). */
export interface SourceSearch {
  passages: readonly DraftSource[];
  search(query: string, limit?: number): { passage: DraftSource }[];
}

const priceWords = /\b(price|prices|pricing|cost|costs|how much|fee|fees|quote|quotes|cheap)\b/i;
const priceWordsAll = new RegExp(priceWords.source, 'gi');

const stopWords = new Set(
  'a an and are as at be but by can could do does for from have how i if in is it me my of on or our the their this to us we what when where which who why will with would you your about new small'.split(
    ' ',
  ),
);

/** The words of a text that say what it is about. */
function topicWords(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .replace(priceWordsAll, ' ')
      .split(/[^a-z0-9]+/)
      .filter((w) => w.length > 1 && !stopWords.has(w)),
  );
}

/** 'stream' and 'streaming', 'assistant' and 'assistants': one word. */
const sameWord = (a: string, b: string) =>
  a === b || (Math.min(a.length, b.length) >= 4 && (a.startsWith(b) || b.startsWith(a)));

/** The author's pasted notes, as a source of their own. */
export function notesSource(notes: string): DraftSource | null {
  const text = notes.trim().replace(/\s+/g, ' ').slice(0, generatorLimits.notes);
  return text ? { id: 'notes', title: 'Your notes', text, link: null } : null;
}

/**
 * The passages a draft about `input` is grounded on, best first: the chosen service's description and prices,
 * then whatever the site says about the topic and keywords, then the consultation the conclusion invites to, and
 * the author's notes. At most eight.
 */
export function draftSources(input: GeneratorInput, site: SourceSearch): DraftSource[] {
  const byId = new Map(site.passages.map((p) => [p.id, p]));
  const picked: DraftSource[] = [];
  const add = (p: DraftSource | undefined | null) => {
    if (p && !picked.some((q) => q.id === p.id)) picked.push(p);
  };
  if (input.service) {
    add(byId.get(`service:${input.service}`));
    add(byId.get(`prices:${input.service}`));
  }
  // Searched without the words of money, which every price passage shares: "printer leasing prices" must find
  // printers or nothing, not the first price list. The prices of the services found follow when it asks for them.
  const query = [input.topic, ...input.keywords].join(' ').replace(priceWordsAll, ' ');
  const asksPrices = priceWords.test(input.topic);
  const wanted = topicWords(query);
  // A service's passage counts only when the topic names the service or a word people use for it: "mobile phone
  // contract costs" shares "contract" with a marketing FAQ, but is not about marketing.
  const covers = (slug: string) => {
    const service = byId.get(`service:${slug}`);
    const words = topicWords(`${service?.title ?? ''} ${service?.keywords ?? ''}`);
    return [...wanted].some((w) => [...words].some((v) => sameWord(w, v)));
  };
  for (const { passage } of site.search(query, 6)) {
    const slug = /^(?:service|faq|prices):([^:]+)/.exec(passage.id)?.[1];
    if (slug && slug !== input.service && !covers(slug)) continue;
    add(passage);
    if (slug && asksPrices) add(byId.get(`prices:${slug}`));
  }
  add(byId.get('consultation'));
  add(notesSource(input.notes));
  return picked.slice(0, 8);
}

/** '[Cloud Infrastructure](/services/cloud-infrastructure)', or the title of a source without a page. */
export function citation(source: DraftSource): string {
  return source.link ? `[${source.link.label}](${source.link.to})` : source.title;
}

/** 'Sources: [A](/a), [B](/b)' — each link once. */
export function sourcesLine(sources: readonly DraftSource[]): string {
  return `Sources: ${[...new Set(sources.map(citation))].join(', ')}`;
}

/** The chat messages for an OpenAI-compatible model, grounded on `sources`. */
export function generatorMessages(
  input: GeneratorInput,
  sources: readonly DraftSource[] = [],
): { role: 'system' | 'user'; content: string }[] {
  const service = serviceOf(input);
  const length = generatorLengths[input.length];
  const system = [
    'You write articles for the website of Pentland Cloud, a cloud and IT services company in Thurso, Caithness, in the Scottish Highlands.',
    'Write in British English. Be accurate and practical.',
    'Use only the prices, phone numbers, e-mail addresses, opening hours and service names given in the sources; never invent prices, statistics, customers or quotes.',
    'If the topic asks about a service or price that is not in the sources, say plainly that Pentland Cloud does not offer it, and do not describe or price it.',
    'End each section with one line "Sources: " followed by the Markdown links of the sources it used, copied exactly.',
    'Answer in Markdown only, in this shape:',
    '# <the article title>',
    '<an introduction of one or two paragraphs>',
    `## <section heading> (${length.sections} to ${length.sections + 1} sections, with bulleted or numbered lists where they help)`,
    '## Conclusion',
    '<a closing paragraph inviting the reader to request a consultation with Pentland Cloud>',
    'Meta description: <one sentence of at most 155 characters for search engines>',
  ].join('\n');
  const user = [
    `Topic: ${input.topic}`,
    `Audience: ${input.audience}`,
    `Tone: ${input.tone}`,
    `Length: about ${length.words} words`,
    input.keywords.length ? `Keywords to use naturally: ${input.keywords.join(', ')}` : '',
    service ? `Related Pentland Cloud service: ${service.title}` : '',
    sources.length
      ? ['Sources:', ...sources.map((s, i) => `[${i + 1}] ${citation(s)} — ${s.title}: ${s.text}`)].join('\n')
      : '',
  ]
    .filter(Boolean)
    .join('\n');
  return [
    { role: 'system', content: system },
    { role: 'user', content: user },
  ];
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const lowerFirst = (s: string) => (/^[A-Z][a-z]/.test(s) ? s.charAt(0).toLowerCase() + s.slice(1) : s);

const toneOpeners: Record<string, string> = {
  Professional: 'This article looks at',
  Friendly: 'Here is a plain-English look at',
  Informative: 'This article explains',
  Persuasive: 'If you have been putting it off, start here:',
};

/** 'a, b and c'. */
const listOf = (items: readonly string[]) =>
  items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/** A passage as prose; a service's description and its price list are written from site-data itself. */
function passageBody(source: DraftSource): string[] {
  const [kind, slug] = source.id.split(':') as [string, string | undefined];
  const service = slug ? serviceBySlug(slug) : undefined;
  if (service && kind === 'service')
    return [
      `${service.summary} The work includes:`,
      '',
      ...service.features.map((f) => `- ${f}`),
      '',
      `It suits ${lowerFirst(serviceDetails[service.slug].idealFor)}`,
    ];
  if (service && kind === 'prices')
    return [
      `${service.title} starts ${formatFromPrice(service).toLowerCase()}, with these price points:`,
      '',
      ...servicePrices(service.slug).map(
        (p) => `- **${p.name}**: ${p.price.toLowerCase()} ${p.terms}. ${p.summary}.`,
      ),
      '',
      'Prices exclude VAT, and every project gets a written quote.',
    ];
  return [source.text];
}

const questionRe = /^(how|what|why|when|where|which|who|should|can|do|does|is|are|will)\b/i;

/**
 * The offline composer: a readable draft in Markdown (title, introduction, sections with headings and lists,
 * conclusion, meta description) written only from `sources` — the site's own passages about the topic and the
 * author's notes —, each section citing what it used. A topic about prices of something the sources do not cover
 * gets a draft that says the company does not offer it. The same inputs give the same draft.
 */
export function composeOfflineDraft(input: GeneratorInput, sources: readonly DraftSource[] = []): string {
  const service = serviceOf(input);
  const length = generatorLengths[input.length];
  const question = questionRe.test(input.topic) || input.topic.trim().endsWith('?');
  const topic = input.topic.replace(/[.!?]+$/, '');
  const audience = lowerFirst(input.audience);
  const offered = sources.filter((s) => /^(service|prices|faq):/.test(s.id));
  const notes = sources.find((s) => s.id === 'notes');
  const consultation = sources.find((s) => s.id === 'consultation');
  const lines: string[] = [`# ${capitalise(topic)}${question ? '?' : ''}`, ''];

  const opener = toneOpeners[input.tone] ?? toneOpeners.Professional!;
  const keywords = input.keywords.length ? ` Along the way it covers ${listOf(input.keywords)}.` : '';
  const subject = question
    ? `a question ${audience} often ask us: ${lowerFirst(topic)}?`
    : `${lowerFirst(topic)}, for ${audience}.`;
  lines.push(
    `${opener} ${subject} It is written by the team at Pentland Cloud in Thurso, who work with organisations across Caithness and the Highlands.${keywords}`,
    '',
  );

  const sections: { heading: string; body: string[]; sources: DraftSource[] }[] = [];
  const notOffered = !service && offered.length === 0 && priceWords.test(topic);
  if (notOffered) {
    sections.push({
      heading: 'What we offer instead',
      body: [
        `Pentland Cloud does not offer ${lowerFirst(topic.replace(priceWords, '').replace(/\s+/g, ' ').trim()) || 'this'}, so this article does not quote prices for it. Our published prices cover the services listed on our pricing page, and every project gets a written quote.`,
      ],
      sources: [{ id: 'pricing', title: 'Pricing', text: '', link: { label: 'Pricing', to: '/pricing' } }],
    });
  }
  for (const source of sources) {
    if (source === consultation || source === notes) continue;
    const heading = source.id.startsWith('service:')
      ? `What ${source.title} covers`
      : source.id.startsWith('prices:')
        ? `What ${source.title.replace(/ prices$/, '')} costs`
        : source.title;
    sections.push({ heading, body: passageBody(source), sources: [source] });
  }
  if (notes) sections.push({ heading: 'From our notes', body: [notes.text], sources: [notes] });
  const wanted = Math.max(2, length.sections);
  for (const section of sections.slice(0, wanted + (notes ? 1 : 0))) {
    lines.push(`## ${section.heading}`, '', ...section.body, '', sourcesLine(section.sources), '');
  }
  if (sections.length === 0) {
    lines.push(
      '## Where to begin',
      '',
      `Start by writing down what ${lowerFirst(topic)} should achieve, who it affects and what it may cost, then talk it through with someone who has done it before.`,
      '',
    );
  }
  lines.push('## Conclusion', '');
  const invite = notOffered
    ? 'If one of the services we do offer would help, request a consultation with Pentland Cloud.'
    : `Request a consultation with Pentland Cloud to talk ${question ? 'it' : lowerFirst(topic)} through.`;
  const offer = consultation?.text
    .split('. ')[0]!
    .replace(/^Not sure what you need\? /, '')
    .replace(/\.$/, '');
  lines.push(offer ? `${offer}. ${invite}` : invite, '');
  if (consultation) lines.push(sourcesLine([consultation]), '');
  const meta = `${capitalise(topic)}${question ? '? What' : ': what'} ${audience} in Caithness and the Highlands should know, from Pentland Cloud in Thurso.`;
  lines.push(
    `Meta description: ${meta.length > 155 ? `${meta.slice(0, 154).replace(/\s+\S*$/, '')}…` : meta}`,
  );
  return lines.join('\n');
}

export interface GeneratedDraft {
  title: string;
  /** Markdown of the article without its title and meta line. */
  body: string;
  metaDescription: string | null;
  slug: string;
}

/** Splits a generated Markdown draft into title, body and meta description. */
export function parseGeneratedDraft(markdown: string, fallbackTitle = 'Untitled article'): GeneratedDraft {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  let title: string | null = null;
  let metaDescription: string | null = null;
  const body: string[] = [];
  for (const line of lines) {
    const heading = /^#\s+(.+?)\s*#*\s*$/.exec(line);
    const meta = /^\s*\**meta description\**\s*:\s*\**\s*(.+?)\s*$/i.exec(line);
    if (heading && title === null) title = heading[1]!.trim();
    else if (meta) metaDescription = meta[1]!.replace(/\*+$/, '').trim().slice(0, 160) || null;
    else body.push(line);
  }
  const finalTitle = (title ?? fallbackTitle).slice(0, 300);
  return { title: finalTitle, body: body.join('\n').trim(), metaDescription, slug: slugify(finalTitle) };
}
