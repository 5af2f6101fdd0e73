import { describe, expect, it } from 'vitest';
import { conversationReducer as reduce, emptyConversation, turnsOf, type ChatEvent } from '../src/index.ts';

const ev = (event: ChatEvent) => ({ type: 'event' as const, event });

describe('conversation', () => {
  it('fills the answer from the stream, then takes its links and ends', () => {
    let c = reduce(emptyConversation, { type: 'ask', question: 'Opening hours?' });
    expect(c.busy).toBe(true);
    c = reduce(c, ev({ event: 'meta', data: { mode: 'offline' } }));
    c = reduce(c, ev({ event: 'delta', data: { text: 'We are ' } }));
    c = reduce(c, ev({ event: 'delta', data: { text: 'open.' } }));
    c = reduce(
      c,
      ev({ event: 'sources', data: { links: [{ label: 'Contact us', to: '/contact' }], answered: true } }),
    );
    c = reduce(c, ev({ event: 'done', data: {} }));
    expect(c.busy).toBe(false);
    expect(c.messages.map((m) => [m.role, m.text, m.streaming])).toEqual([
      ['user', 'Opening hours?', false],
      ['assistant', 'We are open.', false],
    ]);
    expect(c.messages[1]?.links).toEqual([{ label: 'Contact us', to: '/contact' }]);
    expect(turnsOf(c)).toEqual([
      { role: 'user', content: 'Opening hours?' },
      { role: 'assistant', content: 'We are open.' },
    ]);
  });

  it('replaces a broken AI answer with the offline one, keeping the notice', () => {
    let c = reduce(emptyConversation, { type: 'ask', question: 'Price?' });
    c = reduce(c, ev({ event: 'delta', data: { text: 'Half an ans' } }));
    c = reduce(c, ev({ event: 'fallback', data: { message: 'Offline instead.' } }));
    c = reduce(c, ev({ event: 'delta', data: { text: 'From £37.50.' } }));
    expect(c.messages[1]).toMatchObject({ text: 'From £37.50.', notice: 'Offline instead.' });
  });

  it('keeps the question but drops the empty answer when the request fails, and says why', () => {
    let c = reduce(emptyConversation, { type: 'ask', question: 'Price?' });
    c = reduce(c, { type: 'failed', error: 'Too many questions.' });
    expect(c.messages.map((m) => m.role)).toEqual(['user']);
    expect(c).toMatchObject({ busy: false, error: 'Too many questions.' });
    expect(turnsOf(c)).toEqual([{ role: 'user', content: 'Price?' }]);
    c = reduce(c, { type: 'ask', question: 'Hours?' });
    expect(c.error).toBeUndefined();
  });
});
