import { useRef } from 'react';
import { chatCopy, chatLimits } from '@pentland/chat';
import { matchRoute } from '@pentland/site-data';
import { PageHeader, Section, Stack } from '@pentland/ui';
import { ChatComposer, ChatTranscript, SuggestedQuestions } from '@pentland/screens';
import { ClosingCallToAction } from '../content/ClosingCallToAction.tsx';
import { PrivacyNotice } from '../legal/PrivacyNotice.tsx';
import { useChat } from './useChat.ts';

const route = matchRoute('/chat')?.route;

/**
 * /chat: questions about services, prices, hours and location, answered by the `chat` server function from the
 * site's own content. The conversation lives in this page only; leaving the page ends it.
 */
export default function ChatPage() {
  const { conversation, ask } = useChat();
  // A chosen suggestion disappears with its list: the keyboard carries on from the question field.
  const field = useRef<HTMLTextAreaElement>(null);

  return (
    <>
      <PageHeader title={route?.title} lead={route?.description} />
      <Section width="medium">
        <Stack gap="5">
          <ChatTranscript messages={conversation.messages} greeting={chatCopy.greeting} />
          {conversation.messages.length === 0 && (
            <SuggestedQuestions
              questions={chatCopy.suggestions}
              onPick={(q) => {
                field.current?.focus();
                void ask(q);
              }}
            />
          )}
          <ChatComposer
            fieldRef={field}
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
