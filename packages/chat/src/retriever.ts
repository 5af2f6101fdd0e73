import MiniSearch from 'minisearch';
import { knowledgePassages, priceWords, type Passage, type SourceLink } from './knowledge.ts';

// Words that say nothing about what the visitor wants; a question made only of these matches nothing.
const stopWords = new Set(
  'a an and are as at be but by can could do does for from have how i if in is it me my of on or our please tell the their there this to us we what when where which who why will with would you your about any am was were has had been so some just also really should shall may might than then that these those them they its per like s t d ll re ve m isn don doesn aren won can cannot'.split(
    ' ',
  ),
);

/**
 * Verbs that say what the visitor wants done but not about what ("fix", "build", "sell"): they help rank the
 * passages but never make a match alone, so "Can you repair my car?" matches nothing because "car" does not.
 */
const weakWords = new Set(
  'help fix fixing fixed repair repairs build building make making sell selling buy buying need needs want get set offer offers provide use using work working free new good best manage'.split(
    ' ',
  ),
);

/** Below this score a match is noise (a shared common word), not an answer. */
const minScore = 3;

const tokenize = MiniSearch.getDefault('tokenize') as (text: string) => string[];

/** The words of a question that carry meaning, lower-cased, without stop words. */
function questionTerms(question: string): string[] {
  return tokenize(question)
    .map((t) => t.toLowerCase())
    .filter((t) => t !== '' && !stopWords.has(t));
}

export interface Retrieved {
  passage: Passage;
  score: number;
}

export interface Retriever {
  /** The best passages for a question, best first; empty when nothing on the site answers it. */
  search(question: string, limit?: number): Retrieved[];
}

/**
 * A full-text index (MiniSearch) over the site's passages — title and keywords weigh more than the text — with
 * two rules on top, so the answer is about what was asked:
 * - more than half of the question's meaningful words must be known to the site, and at least half to the
 *   answer's subject (a service's passages together, or the one topic): "weather in Thurso" is not a question
 *   about where we are;
 * - a question about cost ("how much", "price") is answered with the prices of the service it names, or the
 *   pricing overview when it names none; any other question with the service's own overview or FAQ.
 */
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
      boostTerm: (term) => (weakWords.has(term) ? 0.3 : 1),
    },
  });
  index.addAll(passages as Passage[]);
  const byId = new Map(passages.map((p) => [p.id, p]));
  const subjectOf = (p: Passage) => p.service ?? p.id;

  return {
    search(question, limit = 3) {
      const terms = questionTerms(question);
      const aboutCost = terms.some((t) => priceWords.has(t));
      const content = terms.filter((t) => !priceWords.has(t));
      const strong = content.filter((t) => !weakWords.has(t));
      if (strong.length === 0) {
        const overview = byId.get('pricing');
        return aboutCost && overview ? [{ passage: overview, score: 1 }] : [];
      }

      const results = index
        .search(content.join(' '))
        .map((r) => ({ passage: byId.get(r.id as string) as Passage, score: r.score, terms: r.queryTerms }));
      // The meaningful words each subject knows, over all its passages.
      const known = new Map<string, Set<string>>();
      for (const r of results) {
        const set = known.get(subjectOf(r.passage)) ?? new Set<string>();
        for (const t of r.terms) if (strong.includes(t)) set.add(t);
        known.set(subjectOf(r.passage), set);
      }
      const knownToSite = new Set([...known.values()].flatMap((set) => [...set]));
      if (knownToSite.size * 2 <= strong.length) return [];
      const relevant = results.filter(
        (r) => r.score >= minScore && (known.get(subjectOf(r.passage))?.size ?? 0) * 2 >= strong.length,
      );

      const answers: Retrieved[] = [];
      for (const r of relevant) {
        let passage = r.passage;
        if (passage.service && aboutCost) passage = byId.get(`prices:${passage.service}`) ?? passage;
        else if (passage.kind === 'prices')
          passage =
            relevant.find((o) => o.passage.service === passage.service && o.passage.kind !== 'prices')
              ?.passage ??
            byId.get(`service:${passage.service}`) ??
            passage;
        if (!answers.some((a) => a.passage.id === passage.id)) answers.push({ passage, score: r.score });
      }
      return answers.slice(0, limit);
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
 * The offline answer: the one passage that answers the question, with the link it comes from and the consultation
 * link; for a request we do not offer, what we do instead; a polite refusal when nothing on the site matches.
 */
export function answerOffline(retriever: Retriever, question: string): OfflineAnswer {
  const best = retriever.search(question, 1)[0]?.passage;
  const consultation: SourceLink = { label: 'Request a consultation', to: '/consultation-request' };
  if (!best) return { answered: false, text: chatCopy.cannotHelp, links: [consultation] };
  const links = best.link.to === consultation.to ? [best.link] : [best.link, consultation];
  if (best.kind === 'scope') return { answered: false, text: best.text, links };
  return { answered: true, text: `${best.text}\n\n${chatCopy.bookingOffer}`, links };
}
