import type { SourceLink } from './knowledge.ts';

/**
 * The reply stream (`text/event-stream`) of the chat function, in order: `meta` once, `delta` pieces of the
 * answer, a `fallback` if the AI model failed and the offline answer follows, `sources`, then `done`; or `error`.
 */
export type ChatEvent =
  | { event: 'meta'; data: { mode: 'ai' | 'offline' } }
  | { event: 'delta'; data: { text: string } }
  | { event: 'fallback'; data: { message: string } }
  | { event: 'sources'; data: { links: SourceLink[]; answered: boolean } }
  | { event: 'done'; data: Record<string, never> }
  | { event: 'error'; data: { message: string } };

/** Parses one SSE block (`event: x\ndata: {...}`) of the chat stream; undefined for anything else. */
export function parseChatEvent(block: string): ChatEvent | undefined {
  const event = /^event: (.+)$/m.exec(block)?.[1];
  const data = /^data: (.+)$/m.exec(block)?.[1];
  if (!event || data === undefined) return undefined;
  try {
    return { event, data: JSON.parse(data) } as ChatEvent;
  } catch {
    return undefined;
  }
}

/** Reads a chat stream, handing each event to `onEvent` as it arrives. */
export async function readChatStream(
  body: ReadableStream<Uint8Array>,
  onEvent: (e: ChatEvent) => void,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
    const blocks = buffer.split(/\n\n/);
    buffer = done ? '' : (blocks.pop() ?? '');
    for (const block of blocks) {
      const e = parseChatEvent(block);
      if (e) onEvent(e);
    }
    if (done) return;
  }
}

/** Splits an offline answer into word-sized pieces, so it arrives like a streamed one. */
export function pieces(text: string, size = 4): string[] {
  const words = text.split(/(?<=\s)/);
  const out: string[] = [];
  for (let i = 0; i < words.length; i += size) out.push(words.slice(i, i + size).join(''));
  return out;
}
