import { useState, type FormEvent, type KeyboardEvent, type Ref } from 'react';
import { Alert, Button, Link, Textarea } from '@pentland/ui';
import { cx } from '../internal/cx.ts';
import * as css from './Chat.css.ts';

export interface ChatTranscriptMessage {
  id: number;
  role: 'user' | 'assistant';
  text: string;
  links?: readonly { label: string; to: string }[];
  notice?: string;
  streaming?: boolean;
}

export interface ChatTranscriptProps {
  messages: readonly ChatTranscriptMessage[];
  /** Names the conversation ('Conversation'). */
  label?: string;
  /** Who answers ('Pentland Cloud'). */
  assistantName?: string;
  /** Shown in an answer that has not started yet ('Thinking…'). */
  pendingText?: string;
  /** The greeting shown before the first question. */
  greeting?: string;
}

/**
 * The conversation. It is a log, but the answer is announced once, whole, through a polite live region when it
 * has finished arriving, so a screen reader does not read out every streamed fragment.
 */
export function ChatTranscript({
  messages,
  label = 'Conversation',
  assistantName = 'Pentland Cloud',
  pendingText = 'Thinking…',
  greeting,
}: ChatTranscriptProps) {
  const last = messages.at(-1);
  const busy = !!last?.streaming;
  const finished = last && last.role === 'assistant' && !last.streaming ? last : undefined;
  const all: ChatTranscriptMessage[] = greeting
    ? [{ id: 0, role: 'assistant', text: greeting }, ...messages]
    : [...messages];
  return (
    <>
      <ol className={css.transcript} aria-label={label} aria-busy={busy || undefined}>
        {all.map((m) => (
          <li key={m.id} className={cx(css.message, m.role === 'user' ? css.fromVisitor : css.fromAssistant)}>
            <span className={css.speaker}>{m.role === 'user' ? 'You' : assistantName}</span>
            {m.notice && <span className={css.notice}>{m.notice}</span>}
            {m.text ? (
              <span>{m.text}</span>
            ) : (
              m.streaming && <span className={css.typing}>{pendingText}</span>
            )}
            {m.links && m.links.length > 0 && (
              <ul className={css.links} aria-label="Read more">
                {m.links.map((l) => (
                  <li key={l.to}>
                    <Link to={l.to} className={css.link}>
                      {l.label}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
      <div role="status" aria-live="polite" className={css.visuallyHidden} data-chat-announcer>
        {finished ? `${assistantName}: ${finished.notice ? `${finished.notice} ` : ''}${finished.text}` : ''}
      </div>
    </>
  );
}

export interface SuggestedQuestionsProps {
  questions: readonly string[];
  onPick: (question: string) => void;
  disabled?: boolean;
  /** Names the group ('Suggested questions'). */
  label?: string;
}

/** Questions to start with, one click each. */
export function SuggestedQuestions({
  questions,
  onPick,
  disabled,
  label = 'Suggested questions',
}: SuggestedQuestionsProps) {
  return (
    <ul className={css.suggestions} aria-label={label}>
      {questions.map((q) => (
        <li key={q}>
          <Button variant="secondary" size="small" disabled={disabled} onClick={() => onPick(q)}>
            {q}
          </Button>
        </li>
      ))}
    </ul>
  );
}

export interface ChatComposerProps {
  onSend: (question: string) => void;
  /** A question is being answered: sending waits. */
  busy?: boolean;
  /** The last request's failure, shown above the field. */
  error?: string;
  maxLength?: number;
  label?: string;
  sendLabel?: string;
  defaultValue?: string;
  /** The question field, e.g. to keep focus in the chat after a suggested question is chosen. */
  fieldRef?: Ref<HTMLTextAreaElement>;
}

/**
 * The question field and Send. Enter sends, Shift+Enter starts a new line; an empty or over-long question is not
 * sent and the field says why, announced as an alert (focus stays where it was). A question that fails (a new
 * `error`) comes back into the emptied field, to send again without typing it twice.
 */
export function ChatComposer({
  onSend,
  busy = false,
  error,
  maxLength = 500,
  label = 'Your question',
  sendLabel = 'Send',
  defaultValue = '',
  fieldRef,
}: ChatComposerProps) {
  const [value, setValue] = useState(defaultValue);
  const [problem, setProblem] = useState<string>();
  const [sent, setSent] = useState('');
  const [shownError, setShownError] = useState(error);
  if (error !== shownError) {
    setShownError(error);
    if (error && sent && !value) setValue(sent);
  }
  const length = [...value].length;
  const over = length > maxLength;
  const send = () => {
    const question = value.trim();
    if (!question) return setProblem('Please type a question.');
    if (over) return setProblem(`Please keep your question under ${maxLength} characters.`);
    if (busy) return;
    setProblem(undefined);
    setSent(question);
    setValue('');
    onSend(question);
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    send();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      send();
    }
  };
  return (
    <form className={css.composer} onSubmit={onSubmit} noValidate>
      {error && <Alert tone="error">{error}</Alert>}
      <Textarea
        ref={fieldRef}
        label={label}
        hint={
          <>
            Enter sends; Shift+Enter starts a new line.{' '}
            <span className={cx(over && css.counterOver)}>
              {length} / {maxLength} characters
            </span>
          </>
        }
        rows={3}
        value={value}
        // Announced as it appears (an alert), since focus stays on Send or in the field.
        error={problem && <span role="alert">{problem}</span>}
        onChange={(e) => {
          setValue(e.target.value);
          if (problem) setProblem(undefined);
        }}
        onKeyDown={onKeyDown}
      />
      <div className={css.composerRow}>
        <Button type="submit" variant="primary" busy={busy}>
          {sendLabel}
        </Button>
      </div>
    </form>
  );
}
