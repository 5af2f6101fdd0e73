import { brand, contact } from '@pentland/site-data';
import type { Passage } from './knowledge.ts';
import type { ChatTurn } from './request.ts';

export interface PromptMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/**
 * The messages for an OpenAI-compatible model: a system prompt that keeps it to the site's content (the passages
 * the retriever found, plus the basics), then the conversation.
 */
export function groundedMessages(turns: readonly ChatTurn[], passages: readonly Passage[]): PromptMessage[] {
  const context = passages.map((p) => `## ${p.title} (${p.link.to})\n${p.text}`).join('\n\n');
  const system = [
    `You are the assistant on the website of ${brand}, a cloud and IT services company in Thurso, Caithness, in the Scottish Highlands.`,
    'Answer only from the site content below, in British English, briefly (at most about 120 words), in plain text.',
    'Prices are in pounds sterling and exclude VAT; never invent a price, service, date or promise that is not in the content.',
    `If the content does not answer the question, say so politely and suggest requesting a free consultation at /consultation-request or phoning ${contact.phone}.`,
    'When it helps, offer to book a consultation.',
    '',
    '# Site content',
    context || '(nothing relevant found)',
  ].join('\n');
  return [{ role: 'system', content: system }, ...turns.map((t) => ({ role: t.role, content: t.content }))];
}
