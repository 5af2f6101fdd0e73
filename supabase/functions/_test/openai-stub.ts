import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type StubBehaviour =
  | { kind: 'stream'; pieces: string[]; delayMs?: number }
  /** Sends some pieces, then breaks the connection. */
  | { kind: 'break'; pieces: string[] }
  /** Sends some pieces, then goes silent (the client's timeout must end it). */
  | { kind: 'stall'; pieces: string[] }
  | { kind: 'status'; status: number; message: string };

export interface OpenAiStub {
  url: string;
  requests: { headers: IncomingMessage['headers']; body: Record<string, unknown> }[];
  behave(b: StubBehaviour): void;
  close(): Promise<void>;
}

/** A local server speaking OpenAI's streaming chat-completions protocol (chunked `data:` lines, then `[DONE]`). */
export async function startOpenAiStub(): Promise<OpenAiStub> {
  let behaviour: StubBehaviour = { kind: 'stream', pieces: ['Hello'] };
  const requests: OpenAiStub['requests'] = [];
  const chunk = (content: string) =>
    `data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: 'stub', choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404).end();
        return;
      }
      requests.push({ headers: req.headers, body: JSON.parse(raw) as Record<string, unknown> });
      const b = behaviour;
      if (b.kind === 'status') {
        res
          .writeHead(b.status, { 'Content-Type': 'application/json' })
          .end(JSON.stringify({ error: { message: b.message, type: 'server_error' } }));
        return;
      }
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
      res.write(
        `data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { role: 'assistant', content: '' } }] })}\n\n`,
      );
      void (async () => {
        for (const p of b.pieces) {
          res.write(chunk(p));
          if (b.kind === 'stream' && b.delayMs) await new Promise((r) => setTimeout(r, b.delayMs));
        }
        if (b.kind === 'break') {
          // Let the pieces reach the client first, then drop the connection mid-stream.
          await new Promise((r) => setTimeout(r, 100));
          res.socket?.destroy();
        } else if (b.kind === 'stream') {
          res.write(
            `data: ${JSON.stringify({ id: 'chatcmpl-1', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n`,
          );
          res.end('data: [DONE]\n\n');
        }
        // 'stall': leave the response open.
      })();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    behave: (b) => (behaviour = b),
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
