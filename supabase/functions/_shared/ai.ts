// An OpenAI-compatible chat-completions client that streams (OpenAI, Ollama, vLLM, llama.cpp and others speak it),
// and a server-sent-events relay for a function's answer. Web-standard APIs only, so it runs on Supabase Edge
// (Deno) and in the local backend alike.
//
// Configuration (function environment):
//   AI_BASE_URL  the API root including its version, e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1
//   AI_API_KEY   sent as `Authorization: Bearer …` (any value for servers that need none)
//   AI_MODEL     the model name, e.g. gpt-4o-mini or llama3.1
//   AI_TIMEOUT_MS       longest wait for the first byte and between two chunks (default 30000)
import { cors } from './http.ts';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface AiConfig {
  baseUrl: string;
  apiKey: string;
  model: string;
  /** Longest wait for the response and between two chunks, in ms. */
  timeoutMs: number;
}

/** The AI configuration, or null when any of AI_BASE_URL, AI_API_KEY, AI_MODEL is missing (offline mode). */
export function aiConfigFromEnv(get: (name: string) => string | undefined): AiConfig | null {
  const baseUrl = get('AI_BASE_URL')?.trim();
  const apiKey = get('AI_API_KEY')?.trim();
  const model = get('AI_MODEL')?.trim();
  if (!baseUrl || !apiKey || !model) return null;
  const timeout = Number(get('AI_TIMEOUT_MS'));
  return {
    baseUrl: baseUrl.replace(/\/+$/, ''),
    apiKey,
    model,
    timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : 30_000,
  };
}

/** A failure of the upstream model: unreachable, an error status, a malformed stream or a timeout. */
export class AiError extends Error {
  constructor(
    message: string,
    public readonly status?: number,
  ) {
    super(message);
    this.name = 'AiError';
  }
}

export interface ChatOptions {
  signal?: AbortSignal;
  temperature?: number;
  maxTokens?: number;
  /** For tests and other fetch implementations. */
  fetch?: typeof fetch;
}

/** Splits a byte stream into SSE `data:` payloads (one per event; multi-line data joined with newlines). */
export async function* sseData(
  body: ReadableStream<Uint8Array>,
  nextChunk?: (
    read: () => Promise<ReadableStreamReadResult<Uint8Array>>,
  ) => Promise<ReadableStreamReadResult<Uint8Array>>,
): AsyncGenerator<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let data: string[] = [];
  const read = () => reader.read();
  try {
    for (;;) {
      const { done, value } = nextChunk ? await nextChunk(read) : await read();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      const lines = buffer.split(/\r\n|\r|\n/);
      buffer = done ? '' : (lines.pop() ?? '');
      for (const line of lines) {
        if (line === '') {
          if (data.length) yield data.join('\n');
          data = [];
        } else if (line.startsWith('data:')) {
          data.push(line.slice(5).replace(/^ /, ''));
        }
        // Comments (`:`), `event:`, `id:` and `retry:` lines carry nothing the chat stream needs.
      }
      if (done) {
        if (data.length) yield data.join('\n');
        return;
      }
    }
  } finally {
    reader.releaseLock();
    await body.cancel().catch(() => undefined);
  }
}

/**
 * Streams a chat completion: yields the text of each `choices[0].delta.content` as it arrives, ends at `[DONE]`
 * (or the end of the stream). Throws AiError on an error status, an `error` object in the stream, or no data for
 * `timeoutMs`.
 */
export async function* streamChat(
  config: AiConfig,
  messages: ChatMessage[],
  options: ChatOptions = {},
): AsyncGenerator<string> {
  const controller = new AbortController();
  const abort = () => controller.abort();
  options.signal?.addEventListener('abort', abort, { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  let timedOut = false;
  const withTimeout = <T>(work: Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
        reject(new AiError(`The AI service did not answer within ${Math.round(config.timeoutMs / 1000)} s.`));
      }, config.timeoutMs);
      work.then(resolve, reject).finally(() => clearTimeout(timer));
    });
  try {
    let res: Response;
    try {
      res = await withTimeout(
        (options.fetch ?? fetch)(`${config.baseUrl}/chat/completions`, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            Accept: 'text/event-stream',
            Authorization: `Bearer ${config.apiKey}`,
          },
          body: JSON.stringify({
            model: config.model,
            messages,
            stream: true,
            ...(options.temperature !== undefined ? { temperature: options.temperature } : {}),
            ...(options.maxTokens !== undefined ? { max_tokens: options.maxTokens } : {}),
          }),
          signal: controller.signal,
        }),
      );
    } catch (err) {
      if (err instanceof AiError) throw err;
      if (options.signal?.aborted) throw new AiError('The generation was cancelled.');
      throw new AiError('The AI service could not be reached.');
    }
    if (!res.ok || !res.body) {
      let detail = '';
      try {
        const body = (await res.json()) as { error?: { message?: string } | string };
        detail = typeof body.error === 'string' ? body.error : (body.error?.message ?? '');
      } catch {
        // not JSON
      }
      throw new AiError(`The AI service answered ${res.status}${detail ? `: ${detail}` : ''}.`, res.status);
    }
    try {
      for await (const payload of sseData(res.body, (read) => withTimeout(read()))) {
        if (payload.trim() === '[DONE]') return;
        let chunk: { choices?: { delta?: { content?: string | null } }[]; error?: { message?: string } };
        try {
          chunk = JSON.parse(payload);
        } catch {
          throw new AiError('The AI service sent a malformed stream.');
        }
        if (chunk.error)
          throw new AiError(`The AI service failed: ${chunk.error.message ?? 'unknown error'}.`);
        const text = chunk.choices?.[0]?.delta?.content;
        if (text) yield text;
      }
    } catch (err) {
      if (err instanceof AiError) throw err;
      if (timedOut)
        throw new AiError(`The AI service stopped answering for ${Math.round(config.timeoutMs / 1000)} s.`);
      if (options.signal?.aborted) throw new AiError('The generation was cancelled.');
      throw new AiError('The connection to the AI service broke off.');
    }
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', abort);
  }
}

/** Sends one server-sent event. */
export type SendEvent = (event: string, data: unknown) => void;

/**
 * A `text/event-stream` response written by `run`: each `send(event, data)` is one SSE event with JSON data. When
 * the client goes away the signal aborts (so the upstream request stops too).
 */
export function sseResponse(
  run: (send: SendEvent, signal: AbortSignal) => Promise<void>,
  headers: HeadersInit = cors,
): Response {
  const encoder = new TextEncoder();
  const controller = new AbortController();
  const stream = new ReadableStream<Uint8Array>({
    start(out) {
      const send: SendEvent = (event, data) => {
        if (controller.signal.aborted) return;
        out.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
      };
      run(send, controller.signal)
        .catch((err: unknown) => send('error', { message: err instanceof Error ? err.message : String(err) }))
        .finally(() => {
          if (!controller.signal.aborted) out.close();
        });
    },
    cancel() {
      controller.abort();
    },
  });
  return new Response(stream, {
    headers: {
      ...Object.fromEntries(new Headers(headers)),
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache',
      'X-Accel-Buffering': 'no',
    },
  });
}
