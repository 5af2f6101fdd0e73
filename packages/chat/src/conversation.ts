import type { ChatEvent } from './events.ts';
import type { SourceLink } from './knowledge.ts';
import type { ChatTurn } from './request.ts';

/** One message on the page. Kept in memory only: the conversation lasts as long as the visit. */
export interface ChatMessage {
  id: number;
  role: 'user' | 'assistant';
  text: string;
  links: SourceLink[];
  /** A note shown above the answer, e.g. that the offline answer replaced the AI's. */
  notice?: string;
  /** True while the answer is still arriving. */
  streaming: boolean;
}

export interface Conversation {
  messages: ChatMessage[];
  /** A question is on its way or being answered. */
  busy: boolean;
  /** The last request's failure (rate limit, bad input, network), shown by the composer. */
  error?: string;
  nextId: number;
}

export type ConversationAction =
  { type: 'ask'; question: string } | { type: 'event'; event: ChatEvent } | { type: 'failed'; error: string };

export const emptyConversation: Conversation = { messages: [], busy: false, nextId: 1 };

const updateLast = (c: Conversation, change: (m: ChatMessage) => ChatMessage): Conversation => {
  const last = c.messages.at(-1);
  if (!last || last.role !== 'assistant') return c;
  return { ...c, messages: [...c.messages.slice(0, -1), change(last)] };
};

/** The conversation's state: a question adds the visitor's turn and an empty answer that the stream fills in. */
export function conversationReducer(c: Conversation, action: ConversationAction): Conversation {
  switch (action.type) {
    case 'ask': {
      const question: ChatMessage = {
        id: c.nextId,
        role: 'user',
        text: action.question,
        links: [],
        streaming: false,
      };
      const answer: ChatMessage = {
        id: c.nextId + 1,
        role: 'assistant',
        text: '',
        links: [],
        streaming: true,
      };
      return { messages: [...c.messages, question, answer], busy: true, nextId: c.nextId + 2 };
    }
    case 'failed': {
      // The question stays on the page; its empty answer goes, and the composer says why.
      const messages = c.messages.filter((m, i) => !(i === c.messages.length - 1 && m.role === 'assistant'));
      return { ...c, messages, busy: false, error: action.error };
    }
    case 'event': {
      const e = action.event;
      switch (e.event) {
        case 'delta':
          return updateLast(c, (m) => ({ ...m, text: m.text + e.data.text }));
        case 'fallback':
          return updateLast(c, (m) => ({ ...m, text: '', notice: e.data.message }));
        case 'sources':
          return updateLast(c, (m) => ({ ...m, links: e.data.links }));
        case 'done':
          return { ...updateLast(c, (m) => ({ ...m, streaming: false })), busy: false };
        case 'error':
          return conversationReducer(c, { type: 'failed', error: e.data.message });
        default:
          return c;
      }
    }
  }
}

/** The turns sent with the next question: the finished messages of the visit. */
export function turnsOf(c: Conversation): ChatTurn[] {
  return c.messages.filter((m) => !m.streaming && m.text).map((m) => ({ role: m.role, content: m.text }));
}
