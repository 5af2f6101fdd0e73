import { services, serviceBySlug, type Service } from '@pentland/site-data';
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
}

export const generatorLimits = { topic: 200, keywords: 10, keyword: 40, audience: 80, tone: 40 } as const;

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
  return { input: { topic, audience, tone, length, keywords, service }, errors };
}

function serviceOf(input: GeneratorInput): Service | undefined {
  return input.service ? serviceBySlug(input.service) : undefined;
}

/** The chat messages for an OpenAI-compatible model. */
export function generatorMessages(input: GeneratorInput): { role: 'system' | 'user'; content: string }[] {
  const service = serviceOf(input);
  const length = generatorLengths[input.length];
  const system = [
    'You write articles for the website of Pentland Cloud, a cloud and IT services company in Thurso, Caithness, in the Scottish Highlands.',
    'Write in British English. Be accurate and practical; do not invent prices, statistics, customers or quotes.',
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
    service
      ? `Related Pentland Cloud service: ${service.title} — ${service.summary} What is included: ${service.features.join('; ')}.`
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
  Professional: 'For any organisation that depends on technology,',
  Friendly: 'If you have ever wondered where to begin,',
  Informative: 'Put simply,',
  Persuasive: 'There has never been a better time to act:',
};

/**
 * The offline composer: a structured, readable draft in Markdown (title, introduction, sections with headings and
 * lists, conclusion, meta description) written from the inputs and the site's own service content, with no AI
 * model. The same inputs give the same draft.
 */
export function composeOfflineDraft(input: GeneratorInput): string {
  const service = serviceOf(input);
  const length = generatorLengths[input.length];
  const topic = input.topic.replace(/[.!?]+$/, '');
  const audience = lowerFirst(input.audience);
  const title = service
    ? `${capitalise(topic)}: a practical guide with ${service.title}`
    : `${capitalise(topic)}: a practical guide`;
  const opener = toneOpeners[input.tone] ?? toneOpeners.Professional;
  const keywords = input.keywords;
  const lines: string[] = [`# ${title}`, ''];
  lines.push(
    `${opener} ${lowerFirst(topic)} is worth getting right. This guide is written for ${audience} in Caithness, the Highlands and beyond, and sets out what to consider, what to avoid and how to move forward with confidence.`,
    '',
  );
  if (service)
    lines.push(`${service.summary} Below we explain how that applies to ${lowerFirst(topic)}.`, '');

  const sections: { heading: string; body: string[] }[] = [
    {
      heading: `Why ${lowerFirst(topic)} matters`,
      body: [
        `Every decision about ${lowerFirst(topic)} affects cost, security and the time your team spends on routine work. Getting the basics right early saves money and disruption later.`,
        '',
        '- Know what you have today and who depends on it.',
        '- Decide what success looks like before choosing tools.',
        '- Plan for security and backups from the first day, not as an afterthought.',
      ],
    },
    service
      ? {
          heading: `How ${service.title} helps`,
          body: [
            `${service.title} from Pentland Cloud covers the work end to end. It includes:`,
            '',
            ...service.features.map((f) => `- ${f}`),
          ],
        }
      : {
          heading: 'Choosing the right approach',
          body: [
            `There is rarely one right answer for ${lowerFirst(topic)}. Compare options on cost over three years, the skills you have in-house, and how easily you can change course later.`,
          ],
        },
    {
      heading: 'Getting started, step by step',
      body: [
        '1. Write down your goals and the constraints you work within.',
        '2. Review your current systems and the risks they carry.',
        '3. Start with a small, low-risk change and measure the result.',
        '4. Train the people who will use it, then roll out further.',
      ],
    },
    {
      heading: 'Mistakes to avoid',
      body: [
        '- Moving everything at once instead of in planned stages.',
        '- Skipping the test of backups and restores.',
        '- Forgetting the ongoing cost of support and licences.',
      ],
    },
  ];
  for (const section of sections.slice(0, Math.max(2, length.sections))) {
    lines.push(`## ${section.heading}`, '', ...section.body, '');
  }
  if (keywords.length) {
    lines.push(
      '## Key terms',
      '',
      ...keywords.map((k) => `- **${k}**: part of ${lowerFirst(topic)} worth discussing with your provider.`),
      '',
    );
  }
  lines.push(
    '## Conclusion',
    '',
    `${capitalise(lowerFirst(topic))} does not have to be complicated. With a clear plan and the right partner, ${audience} can get results quickly and safely. Request a consultation with Pentland Cloud and we will help you take the first step.`,
    '',
  );
  const meta = `${capitalise(lowerFirst(topic))}: a practical guide for ${audience} from Pentland Cloud in Caithness.`;
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
