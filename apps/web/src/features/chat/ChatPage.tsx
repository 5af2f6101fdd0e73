import { useReducer, useRef } from 'react';
import {
  chatCopy,
  chatErrors,
  chatLimits,
  conversationReducer,
  emptyConversation,
  readChatStream,
  turnsOf,
} from '@pentland/chat';
import { matchRoute } from '@pentland/site-data';
import { ChatComposer, ChatTranscript, PageHeader, Section, Stack, SuggestedQuestions } from '@pentland/ui';
import { readBackendConfig } from '../../config.ts';
import { ClosingCallToAction } from '../content/ClosingCallToAction.tsx';
import { PrivacyNotice } from '../legal/PrivacyNotice.tsx';

const route = matchRoute('/chat')?.route;
const networkError =
  'The chat could not be reached. Please check your connection and try again, or phone us.';

/**
 * /chat: questions about services, prices, hours and location, answered by the `chat` server function from the
 * site's own content. The conversation lives in this page only; leaving the page ends it.
 */
export default function ChatPage() {
  const [conversation, dispatch] = useReducer(conversationReducer, emptyConversation);
  const inFlight = useRef<AbortController | null>(null);

  const ask = async (question: string) => {
    if (conversation.busy) return;
    const messages = [...turnsOf(conversation), { role: 'user' as const, content: question }];
    dispatch({ type: 'ask', question });
    const controller = new AbortController();
    inFlight.current = controller;
    try {
      const { supabaseUrl, supabaseAnonKey } = readBackendConfig(import.meta.env);
      const res = await fetch(`${supabaseUrl}/functions/v1/chat`, {
        method: 'POST',
        headers: {
          apikey: supabaseAnonKey,
          Authorization: `Bearer ${supabaseAnonKey}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({ messages }),
        signal: controller.signal,
      });
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

  return (
    <>
      <PageHeader title={route?.title} lead={route?.description} />
      <Section width="medium">
        <Stack gap="5">
          <ChatTranscript messages={conversation.messages} greeting={chatCopy.greeting} />
          {conversation.messages.length === 0 && (
            <SuggestedQuestions questions={chatCopy.suggestions} onPick={(q) => void ask(q)} />
          )}
          <ChatComposer
            onSend={(q) => void ask(q)}
            busy={conversation.busy}
            error={conversation.error}
            maxLength={chatLimits.maxQuestionLength}
          />
          <PrivacyNotice form="chat" />
        </Stack>
      </Section>
      <ClosingCallToAction />
    </>
  );
}
