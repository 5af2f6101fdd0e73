/** One server-sent event with JSON data. */
export interface StreamEvent {
  event: string;
  data: unknown;
}

/**
 * Reads a `text/event-stream` body (the generate-article function's answer) and calls `onEvent` for each event as
 * it arrives; resolves when the stream ends. Data that is not JSON is passed on as text.
 */
export async function readEventStream(
  body: ReadableStream<Uint8Array>,
  onEvent: (e: StreamEvent) => void,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let event = 'message';
  let data: string[] = [];
  const dispatch = () => {
    if (data.length) {
      const text = data.join('\n');
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // plain text data
      }
      onEvent({ event, data: parsed });
    }
    event = 'message';
    data = [];
  };
  for (;;) {
    const { done, value } = await reader.read();
    buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
    const lines = buffer.split(/\r\n|\r|\n/);
    buffer = done ? '' : (lines.pop() ?? '');
    for (const line of lines) {
      if (line === '') dispatch();
      else if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
    }
    if (done) {
      dispatch();
      return;
    }
  }
}
