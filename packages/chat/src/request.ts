/** One turn of the conversation as the browser sends it back (the visit's history, kept only in the page). */
export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

export const chatLimits = {
  /** Longest question a visitor may send, in characters. */
  maxQuestionLength: 500,
  /** Longest earlier answer sent back as context. */
  maxAnswerLength: 4000,
  /** Earlier turns kept as context; older ones are dropped. */
  maxTurns: 12,
  /** Questions per address per window (enforced by the database: public.claim_chat_turn). */
  perWindow: 20,
  windowMinutes: 10,
} as const;

export const chatErrors = {
  empty: 'Please type a question.',
  tooLong: `Please keep your question under ${chatLimits.maxQuestionLength} characters.`,
  malformed: 'The conversation could not be read; please reload the page and ask again.',
  rateLimited: `You have asked a lot of questions in a short time. Please wait ${chatLimits.windowMinutes} minutes and try again, or phone us.`,
} as const;

export type ParsedChatRequest =
  { ok: true; turns: ChatTurn[]; question: string } | { ok: false; error: string };

/**
 * Checks a request body `{ messages: ChatTurn[] }`: the last turn is the visitor's question, non-empty and at most
 * `maxQuestionLength` characters; earlier turns alternate freely but must be well-formed. Only the last
 * `maxTurns` are kept.
 */
export function parseChatRequest(body: unknown): ParsedChatRequest {
  const messages = (body as { messages?: unknown } | null)?.messages;
  if (!Array.isArray(messages) || messages.length === 0) return { ok: false, error: chatErrors.malformed };
  const turns: ChatTurn[] = [];
  for (const m of messages.slice(-chatLimits.maxTurns)) {
    const role = (m as { role?: unknown })?.role;
    const content = (m as { content?: unknown })?.content;
    if ((role !== 'user' && role !== 'assistant') || typeof content !== 'string')
      return { ok: false, error: chatErrors.malformed };
    turns.push({
      role,
      content: role === 'assistant' ? content.slice(0, chatLimits.maxAnswerLength) : content,
    });
  }
  const last = turns.at(-1) as ChatTurn;
  if (last.role !== 'user') return { ok: false, error: chatErrors.malformed };
  const question = last.content.trim();
  if (!question) return { ok: false, error: chatErrors.empty };
  if ([...question].length > chatLimits.maxQuestionLength) return { ok: false, error: chatErrors.tooLong };
  for (const t of turns)
    if (t.role === 'user' && [...t.content].length > chatLimits.maxQuestionLength)
      return { ok: false, error: chatErrors.tooLong };
  return { ok: true, turns, question };
}
