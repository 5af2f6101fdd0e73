import MiniSearch from 'minisearch';
import { knowledgePassages, type Passage, type SourceLink } from './knowledge.ts';

// Words that say nothing about what the visitor wants; a question made only of these matches nothing.
const stopWords = new Set(
  'a an and are as at be but by can could do does for from have how i if in is it me my of on or our please tell the their there this to us we what when where which who why will with would you your about any'.split(
    ' ',
  ),
);

/** Below this score a match is noise (a shared common word), not an answer. */
const minScore = 3;

export interface Retrieved {
  passage: Passage;
  score: number;
}

export interface Retriever {
  /** The best passages for a question, best first; empty when nothing on the site answers it. */
  search(question: string, limit?: number): Retrieved[];
}

/** A full-text index (MiniSearch) over the site's passages: title and keywords weigh more than the text. */
export function createRetriever(passages: readonly Passage[] = knowledgePassages()): Retriever {
  const index = new MiniSearch<Passage>({
    fields: ['title', 'keywords', 'text'],
    storeFields: ['id'],
    processTerm: (term) => {
      const t = term.toLowerCase();
      return stopWords.has(t) ? null : t;
    },
    searchOptions: {
      boost: { title: 3, keywords: 2 },
      prefix: (term) => term.length > 3,
      fuzzy: (term) => (term.length > 4 ? 0.2 : false),
      combineWith: 'OR',
    },
  });
  index.addAll(passages as Passage[]);
  const byId = new Map(passages.map((p) => [p.id, p]));
  return {
    search(question, limit = 3) {
      return index
        .search(question)
        .filter((r) => r.score >= minScore)
        .slice(0, limit)
        .map((r) => ({ passage: byId.get(r.id as string) as Passage, score: r.score }));
    },
  };
}

export interface OfflineAnswer {
  /** Whether the site's content answers the question. */
  answered: boolean;
  text: string;
  links: SourceLink[];
}

export const chatCopy = {
  greeting:
    'Hello! I can answer questions about our services, prices, opening hours and where we are, and help you book a consultation.',
  cannotHelp:
    "Sorry, I can only help with questions about Pentland Cloud: our services, prices, opening hours and location. Try one of the suggested questions, or book a free consultation and we'll answer it in person.",
  offlineIntro: 'Here is what our site says:',
  fallbackNotice: 'Our AI assistant is unavailable just now, so here is the answer from our site instead.',
  bookingOffer: 'Would you like to talk it through? You can request a free consultation.',
  suggestions: [
    'How much does web hosting cost?',
    'What are your opening hours?',
    'Where are you based?',
    'Can you help us move to the cloud?',
    'How do I book a consultation?',
  ],
} as const;

/**
 * The offline answer: the best passage, a second when it scores close, and the links they come from; a polite
 * refusal when nothing on the site matches. A price question leads with the price passage.
 */
export function answerOffline(retriever: Retriever, question: string): OfflineAnswer {
  const found = retriever.search(question, 3);
  const best = found[0];
  if (!best) {
    return {
      answered: false,
      text: chatCopy.cannotHelp,
      links: [{ label: 'Request a consultation', to: '/consultation-request' }],
    };
  }
  const chosen = found.filter((r, i) => i === 0 || r.score >= best.score * 0.75).slice(0, 2);
  const links: SourceLink[] = [];
  for (const r of chosen) if (!links.some((l) => l.to === r.passage.link.to)) links.push(r.passage.link);
  if (!links.some((l) => l.to.startsWith('/consultation-request')))
    links.push({ label: 'Request a consultation', to: '/consultation-request' });
  return {
    answered: true,
    text: [...chosen.map((r) => r.passage.text), chatCopy.bookingOffer].join('\n\n'),
    links,
  };
}
