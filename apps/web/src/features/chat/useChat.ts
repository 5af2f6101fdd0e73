import { useReducer, useRef } from 'react';
import { chatErrors, conversationReducer, emptyConversation, readChatStream, turnsOf } from '@pentland/chat';
import { nextTask } from '../../lib/nextTask.ts';
import { askChat } from './data.ts';

const networkError =
  'The chat could not be reached. Please check your connection and try again, or phone us.';

/** The conversation of the page (it ends when the page is left): a question, the answer streaming in, errors. */
export function useChat() {
  const [conversation, dispatch] = useReducer(conversationReducer, emptyConversation);
  const inFlight = useRef<AbortController | null>(null);

  const ask = async (question: string) => {
    if (conversation.busy) return;
    const messages = [...turnsOf(conversation), { role: 'user' as const, content: question }];
    dispatch({ type: 'ask', question });
    const controller = new AbortController();
    inFlight.current = controller;
    try {
      // The question and 'Thinking…' are rendered in the key's own task; the request starts in the next one, so
      // that task ends sooner (starting a fetch costs a slow phone about as much as the render).
      await nextTask();
      const res = await askChat(messages, controller.signal);
      if (!res.ok || !res.body || !res.headers.get('content-type')?.startsWith('text/event-stream')) {
        const body = (await res.json().catch(() => ({}))) as { error?: string };
        const error = res.status === 429 ? chatErrors.rateLimited : (body.error ?? networkError);
        dispatch({ type: 'failed', error });
        return;
      }
      let ended = false;
      await readChatStream(res.body, (event) => {
        if (event.event === 'done' || event.event === 'error') ended = true;
        dispatch({ type: 'event', event });
      });
      if (!ended) dispatch({ type: 'failed', error: networkError });
    } catch {
      if (!controller.signal.aborted) dispatch({ type: 'failed', error: networkError });
    }
  };

  return { conversation, ask };
}
