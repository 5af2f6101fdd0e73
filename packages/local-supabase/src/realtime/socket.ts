/**
 * One WebSocket connection speaking Phoenix's socket protocol (Phoenix.Socket as RealtimeWeb.UserSocket uses
 * it): heartbeats on the `phoenix` topic, joins routed to channels on `realtime:*`, replies for unmatched topics,
 * a duplicate join closing the older channel, `phx_leave`, and an idle timeout for clients that vanish.
 * Frames are handled one at a time, in order, as Phoenix's socket process does.
 */
import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';
import { Channel } from './channel.ts';
import { decode, encodeReply, ProtocolError, type Message, type Vsn } from './protocol.ts';
import type { Client, Member, RealtimeContext } from './types.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class Connection implements Client {
  readonly channels = new Map<string, Channel>();
  private chain: Promise<void> = Promise.resolve();
  private idle: ReturnType<typeof setTimeout> | null = null;
  private corked = false;
  closed = false;

  constructor(
    private readonly ctx: RealtimeContext,
    private readonly ws: WebSocket,
    readonly vsn: Vsn,
    /** The API key the connection was opened with (the default access token of its joins). */
    readonly token: string,
    /** Request headers passed to policies as `request.headers`. */
    readonly headers: Record<string, string>,
  ) {
    ws.on('message', (data, isBinary) => {
      this.touch();
      const buf = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
      this.chain = this.chain
        .then(() => this.onFrame(buf, isBinary))
        .catch((err) => console.error('[realtime] UnknownErrorOnWebSocketMessage:', err));
    });
    ws.on('close', () => this.teardown());
    ws.on('error', () => this.teardown());
    this.touch();
  }

  send(frame: string | Buffer): void {
    if (this.closed || this.ws.readyState !== this.ws.OPEN) return;
    if (this.ws.bufferedAmount > this.ctx.config.realtime.maxBufferedBytes) {
      console.error('[realtime] client is not reading; closing its connection');
      this.ws.terminate();
      this.teardown();
      return;
    }
    // Frames sent in one turn of the event loop (a batch of changes fanned out) leave in one write.
    const socket = (this.ws as unknown as { _socket?: Socket })._socket;
    if (socket && !this.corked) {
      this.corked = true;
      socket.cork();
      setImmediate(() => {
        this.corked = false;
        socket.uncork();
      });
    }
    this.ws.send(frame, { binary: Buffer.isBuffer(frame) });
  }

  /** Closes the connection from the server (a refused join rate, or the backend stopping). */
  disconnect(code = 1000, reason = ''): void {
    if (this.ws.readyState === this.ws.OPEN) this.ws.close(code, reason);
    this.teardown();
  }

  forget(channel: Member): void {
    if (this.channels.get(channel.topic) === channel) this.channels.delete(channel.topic);
  }

  private touch(): void {
    if (this.idle) clearTimeout(this.idle);
    this.idle = setTimeout(
      () => this.disconnect(1000, 'idle timeout'),
      this.ctx.config.realtime.idleTimeoutMs,
    );
    this.idle.unref();
  }

  private teardown(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.idle) clearTimeout(this.idle);
    for (const channel of [...this.channels.values()]) channel.dispose();
    this.ctx.users.delete(this);
  }

  private reply(msg: Message, status: 'ok' | 'error', response: unknown): void {
    this.send(encodeReply(this.vsn, msg.joinRef, msg.ref, msg.topic, status, response));
  }

  private async onFrame(data: Buffer, isBinary: boolean): Promise<void> {
    if (this.closed) return;
    let msg: Message;
    try {
      msg = decode(data, isBinary, this.vsn);
    } catch (err) {
      if (!(err instanceof ProtocolError)) throw err;
      console.error(`[realtime] MalformedWebSocketMessage: ${err.message}`);
      return;
    }
    if (msg.topic === 'phoenix' && msg.event === 'heartbeat') return this.reply(msg, 'ok', {});
    const existing = this.channels.get(msg.topic);
    if (msg.event === 'phx_join') {
      if (existing) existing.close();
      if (!msg.topic.startsWith('realtime:')) return this.reply(msg, 'error', { reason: 'unmatched topic' });
      return this.join(msg);
    }
    if (!existing) return this.reply(msg, 'error', { reason: 'unmatched topic' });
    // A message for an older join of this topic raced its close: Phoenix drops it silently.
    if (existing.joinRef !== null && msg.joinRef !== existing.joinRef) return;
    if (msg.event === 'phx_leave') {
      existing.reply(msg.ref, 'ok', {});
      return existing.close();
    }
    try {
      await existing.handleIn(msg);
    } catch (err) {
      console.error('[realtime] channel crashed:', err);
      existing.push('phx_error', {});
      existing.dispose();
    }
  }

  private async join(msg: Message): Promise<void> {
    const channel = new Channel(this.ctx, this, msg.topic, msg.joinRef);
    this.channels.set(msg.topic, channel);
    let result: Awaited<ReturnType<Channel['join']>>;
    try {
      result = await channel.join(msg.payload);
    } catch (err) {
      console.error('[realtime] UnknownErrorOnChannel:', err);
      result = { ok: false, reason: 'Unknown Error on Channel' };
    }
    if (this.closed) return channel.dispose();
    if (!result.ok) {
      channel.dispose();
      // Realtime answers refused joins after a pause, so that misbehaving clients cannot spin.
      await sleep(this.ctx.config.realtime.channelErrorBackoffMs);
      this.reply(msg, 'error', { reason: result.reason });
      if (result.disconnect) this.disconnect();
      return;
    }
    this.reply(msg, 'ok', result.response);
    this.ctx.registry.add(channel);
    result.after();
  }
}
