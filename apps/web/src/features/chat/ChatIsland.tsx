import { useRef } from 'react';
import { chatCopy, chatLimits } from '@pentland/chat';
import { Stack } from '@pentland/ui';
import { ChatComposer, ChatTranscript, SuggestedQuestions } from '@pentland/screens';
import { PrivacyNotice } from '../legal/PrivacyNotice.tsx';
import { useChat } from './useChat.ts';

/** The conversation, its suggested questions and the question field: the part of /chat that runs (an island there). */
export default function ChatIsland() {
  const { conversation, ask } = useChat();
  // A chosen suggestion disappears with its list: the keyboard carries on from the question field.
  const field = useRef<HTMLTextAreaElement>(null);
  return (
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
  );
}
