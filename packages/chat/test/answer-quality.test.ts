import { describe, expect, it } from 'vitest';
import { offerFor, services } from '@pentland/site-data';
import { answerOffline, chatCopy, createRetriever, knowledgePassages } from '../src/index.ts';
import { visitorQuestions } from './visitor-questions.ts';

const retriever = createRetriever();
const passages = knowledgePassages();

/** The passage an offline answer opens with (the text it answers from), if any. */
function firstPassage(text: string) {
  return passages.filter((p) => text.startsWith(p.text)).sort((a, b) => b.text.length - a.text.length)[0];
}

const sentences = (text: string) => text.split(/(?<=[.?!])\s+/).filter((s) => s.trim() !== '');

describe('the offline chat answers the question asked', () => {
  it('answers "Is VAT included?" about VAT, with a link to /pricing, and no price lists', () => {
    const answer = answerOffline(retriever, 'Is VAT included?');
    expect(answer.answered).toBe(true);
    expect(answer.text).toMatch(/exclude VAT/);
    expect(answer.text).toMatch(/VAT[^.]* at 20 ?%/);
    expect(answer.links.map((l) => l.to)).toContain('/pricing');
    expect(answer.text).not.toMatch(/from £/i);
  });

  it('answers "Can you fix my laptop?" from Support & Training, not the gaming FAQ', () => {
    const answer = answerOffline(retriever, 'Can you fix my laptop?');
    expect(answer.answered).toBe(true);
    expect(answer.links[0]).toEqual({ label: 'Support & Training', to: '/services/support-training' });
    expect(answer.text).not.toMatch(/lag|gaming/i);
  });

  it('keeps the capitals of brand names and acronyms', () => {
    expect(answerOffline(retriever, 'How much does web hosting cost?').text).toContain('UK hosting, SSL');
    const dynamics = answerOffline(retriever, 'How much does Dynamics 365 cost?').text;
    expect(dynamics).toContain('Power BI');
    expect(dynamics).toContain('Business Central');
    // Every price point reads as the catalogue writes it.
    for (const service of services) {
      const text = passages.find((p) => p.id === `prices:${service.slug}`)?.text ?? '';
      for (const tier of offerFor(service.slug)?.tiers ?? []) expect(text).toContain(tier.summary);
    }
  });

  it('answers in a few sentences from one passage, with one or two links', () => {
    for (const { question } of visitorQuestions) {
      const answer = answerOffline(retriever, question);
      if (!answer.answered) continue;
      const body = answer.text.replace(`\n\n${chatCopy.bookingOffer}`, '');
      expect(firstPassage(body)?.text, question).toBe(body);
      expect(sentences(body).length, question).toBeLessThanOrEqual(6);
      expect(answer.links.length, question).toBeGreaterThanOrEqual(1);
      expect(answer.links.length, question).toBeLessThanOrEqual(2);
    }
  });

  it('answers at least 95 % of a fixed set of visitor questions right first time', () => {
    const misses: string[] = [];
    for (const { question, expected } of visitorQuestions) {
      const answer = answerOffline(retriever, question);
      const got = answer.answered ? (firstPassage(answer.text)?.id ?? '(unknown passage)') : 'refuse';
      const right = expected === 'refuse' ? got === 'refuse' : expected.includes(got);
      if (!right) misses.push(`${question} → ${got} (expected ${[expected].flat().join(' or ')})`);
    }
    const accuracy = (visitorQuestions.length - misses.length) / visitorQuestions.length;
    console.log(
      `chat accuracy (offline): ${(accuracy * 100).toFixed(1)} % of ${visitorQuestions.length} questions right first time` +
        (misses.length ? `\nmisses:\n  ${misses.join('\n  ')}` : ''),
    );
    expect(visitorQuestions.length).toBeGreaterThanOrEqual(60);
    expect(accuracy).toBeGreaterThanOrEqual(0.95);
  });
});
