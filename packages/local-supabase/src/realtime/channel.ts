/**
 * One joined channel (RealtimeWeb.RealtimeChannel): the join with its checks in Realtime's order, the token
 * that authorises it (refreshed by `access_token`, re-checked at expiry), and what the client pushes into it.
 * Broadcast and presence details live in broadcast.ts and presence.ts; database changes in postgresChanges.ts.
 */
import { randomUUID } from 'node:crypto';
import type { Claims } from '../jwt.ts';
import { channelAccess, tokenError, unevaluated, verifyToken, type Policies } from './authorization.ts';
import { clientBroadcast } from './broadcast.ts';
import { paramsId, parseSubscriptionParams, type SubscriptionParams } from './filters.ts';
import { WindowLimit } from './limits.ts';
import type { ChangeData, ChangeSubscriber } from './postgresChanges.ts';
import { encodeMessage, encodeMessageJson, encodeReply, type Message } from './protocol.ts';
import { tenantTopic } from './registry.ts';
import type { Client, Member, RealtimeContext } from './types.ts';

type JoinResult =
  | { ok: true; response: Record<string, unknown>; after: () => void }
  | { ok: false; reason: string; disconnect?: boolean };

const CONFIRM_TOKEN_MS = 5 * 60 * 1000;

/** Realtime's FlexibleBoolean: true/false or their strings in any case; anything else is the default. */
function flexibleBoolean(v: unknown, fallback = false): boolean {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'string' && /^(true|false)$/i.test(v)) return v.toLowerCase() === 'true';
  return fallback;
}

const asRecord = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

export class Channel implements ChangeSubscriber, Member {
  readonly subTopic: string;
  isPrivate = false;
  tenantTopic: string;
  accessToken = '';
  claims: Claims = {};
  policies: Policies | null = null;
  ack = false;
  self = false;
  presenceKey = '';
  presenceEnabled = false;
  presenceLimit: WindowLimit;
  private pgChanges: { id: number; params: SubscriptionParams }[] = [];
  /** A postgres_changes entry that did not parse: no subscription is made, every attempt reports it. */
  private pgParseError: string | null = null;
  private tokenTimer: ReturnType<typeof setTimeout> | null = null;
  closed = false;

  constructor(
    readonly ctx: RealtimeContext,
    readonly conn: Client,
    readonly topic: string,
    readonly joinRef: string | null,
  ) {
    this.subTopic = topic.slice('realtime:'.length);
    this.tenantTopic = tenantTopic(this.subTopic, false);
    this.presenceLimit = new WindowLimit(
      ctx.config.realtime.maxClientPresenceCalls,
      ctx.config.realtime.clientPresenceWindowMs,
    );
  }

  canReadBroadcast(): boolean {
    return !this.isPrivate || this.policies?.broadcast.read === true;
  }

  canReadPresence(): boolean {
    return !this.isPrivate || this.policies?.presence.read === true;
  }

  /** A push from this channel (carries its join_ref). */
  push(event: string, payload: unknown): void {
    if (!this.closed)
      this.conn.send(encodeMessage(this.conn.vsn, this.joinRef, null, this.topic, event, payload));
  }

  reply(ref: string | null, status: 'ok' | 'error', response: unknown = {}): void {
    if (!this.closed)
      this.conn.send(encodeReply(this.conn.vsn, this.joinRef, ref, this.topic, status, response));
  }

  pushSystem(extension: string, status: 'ok' | 'error', message: string): void {
    this.push('system', { extension, status, message, channel: this.subTopic });
  }

  /** A database change, sent as Realtime's dispatcher sends it (no join_ref, like a broadcast). */
  deliver(ids: number[], _data: ChangeData, dataJson: string): void {
    if (!this.closed)
      this.conn.send(
        encodeMessageJson(
          this.conn.vsn,
          this.topic,
          'postgres_changes',
          `{"ids":${JSON.stringify(ids)},"data":${dataJson}}`,
        ),
      );
  }

  async join(payload: unknown): Promise<JoinResult> {
    const { ctx } = this;
    if (this.subTopic === '')
      return { ok: false, reason: 'TopicNameRequired: You must provide a topic name' };
    const params = asRecord(payload);
    const config = asRecord(params.config);
    const newApi = 'config' in params;
    this.isPrivate = flexibleBoolean(config.private);
    this.tenantTopic = tenantTopic(this.subTopic, this.isPrivate);
    const broadcast = asRecord(config.broadcast);
    this.ack = flexibleBoolean(broadcast.ack);
    this.self = flexibleBoolean(broadcast.self);
    const presence = asRecord(config.presence);
    this.presenceEnabled = flexibleBoolean(presence.enabled);
    this.presenceKey =
      presence.key === undefined || presence.key === null || presence.key === ''
        ? randomUUID()
        : String(presence.key);
    const token = params.access_token ?? params.user_token;
    this.accessToken = typeof token === 'string' && !token.startsWith('sb_') ? token : this.conn.token;

    const limits = ctx.config.realtime;
    if (!ctx.users.has(this.conn) && ctx.users.size >= limits.maxConcurrentUsers)
      return { ok: false, reason: 'ConnectionRateLimitReached: Too many connected users' };
    if (ctx.joins.triggered)
      return { ok: false, reason: 'ClientJoinRateLimitReached: Too many joins per second', disconnect: true };
    ctx.joins.add();
    if (this.conn.channels.size > limits.maxChannelsPerClient)
      return { ok: false, reason: 'ChannelRateLimitReached: Too many channels' };

    const verified = await verifyToken(this.accessToken, ctx.config);
    if (!verified.ok) return { ok: false, reason: tokenError(verified.error, 'join') };
    this.claims = verified.claims;

    if (this.isPrivate) {
      const denied = await this.authorize();
      if (denied) return { ok: false, reason: `Unauthorized: ${denied}` };
    }

    const list =
      newApi && Array.isArray(config.postgres_changes)
        ? config.postgres_changes.filter((p) => p !== null)
        : [];
    const raws = list.map(asRecord);
    let subscribed: { ok: true } | { ok: false; message: string } = { ok: true };
    if (raws.length) {
      for (const raw of raws) {
        const result = parseSubscriptionParams(raw);
        if (result.ok) this.pgChanges.push({ id: paramsId(raw), params: result.params });
        else this.pgParseError ??= result.error;
      }
      subscribed = await this.subscribeChanges();
    }
    this.scheduleTokenCheck();
    ctx.users.add(this.conn);
    const response = { postgres_changes: raws.map((raw) => ({ ...raw, id: paramsId(raw) })) };
    return {
      ok: true,
      response,
      after: () => {
        if (raws.length) {
          if (subscribed.ok) this.pushSystem('postgres_changes', 'ok', 'Subscribed to PostgreSQL');
          else this.pushSystem('postgres_changes', 'error', subscribed.message);
        }
        if (this.presenceEnabled && this.canReadPresence())
          this.push('presence_state', ctx.presence.list(this.tenantTopic));
      },
    };
  }

  /** Evaluates the channel's policies; returns the refusal message when it may read nothing. */
  private async authorize(): Promise<string | null> {
    const headers = this.conn.headers;
    try {
      const access = await channelAccess(this.ctx.db, this.subTopic, this.claims, headers, [
        'broadcast',
        'presence',
      ]);
      this.policies = { broadcast: access.broadcast, presence: access.presence };
    } catch (err) {
      console.error('[realtime] RlsPolicyError:', (err as Error).message);
      this.policies = unevaluated();
    }
    const { broadcast, presence } = this.policies;
    return broadcast.read || presence.read
      ? null
      : `You do not have permissions to read from this Channel topic: ${this.subTopic}`;
  }

  private async subscribeChanges(): Promise<{ ok: true } | { ok: false; message: string }> {
    if (this.pgParseError) return { ok: false, message: this.pgParseError };
    const result = await this.ctx.changes.subscribe(this, this.pgChanges, this.claims);
    return result.ok ? result : { ok: false, message: result.message };
  }

  /** Re-checks the token at its expiry (at most every 5 minutes), as RealtimeChannel's confirm_token does. */
  private scheduleTokenCheck(): void {
    if (this.tokenTimer) clearTimeout(this.tokenTimer);
    const exp = typeof this.claims.exp === 'number' ? this.claims.exp : 0;
    const wait = Math.min(CONFIRM_TOKEN_MS, Math.max(0, exp * 1000 - Date.now()));
    this.tokenTimer = setTimeout(() => void this.confirmToken(), wait);
    this.tokenTimer.unref();
  }

  private async confirmToken(): Promise<void> {
    if (this.closed) return;
    const verified = await verifyToken(this.accessToken, this.ctx.config);
    if (!verified.ok) return this.shutdown(tokenError(verified.error, 'channel'));
    this.scheduleTokenCheck();
  }

  /** What the client pushes once joined (RealtimeChannel.handle_in). */
  async handleIn(msg: Message): Promise<void> {
    switch (msg.event) {
      case 'broadcast':
        return clientBroadcast(this.ctx, this, msg);
      case 'presence':
        return this.handlePresence(msg);
      case 'access_token':
        return this.refreshToken(msg.payload);
      default:
        this.ctx.events.add();
    }
  }

  private async refreshToken(payload: unknown): Promise<void> {
    const token = asRecord(payload).access_token;
    if (typeof token !== 'string' || token.startsWith('sb_') || token === this.accessToken) return;
    const verified = await verifyToken(token, this.ctx.config);
    if (this.closed) return;
    if (!verified.ok) return this.shutdown(tokenError(verified.error, 'channel'));
    const previous = this.policies;
    this.accessToken = token;
    this.claims = verified.claims;
    if (this.isPrivate) {
      const denied = await this.authorize();
      if (denied) return this.shutdown(denied);
      const revoked = (before: boolean | null | undefined, after: boolean | null) =>
        before === true && after === false;
      if (
        previous &&
        (revoked(previous.broadcast.read, this.policies!.broadcast.read) ||
          revoked(previous.presence.read, this.policies!.presence.read))
      )
        return this.shutdown(
          `You no longer have permission to read from this Channel topic: ${this.subTopic}`,
        );
    }
    this.scheduleTokenCheck();
    if (this.pgChanges.length || this.pgParseError) {
      const result = await this.subscribeChanges();
      if (this.closed) return;
      if (result.ok) this.pushSystem('postgres_changes', 'ok', 'Subscribed to PostgreSQL');
      else this.pushSystem('postgres_changes', 'error', result.message);
    }
  }

  private async handlePresence(msg: Message): Promise<void> {
    const payload = asRecord(msg.payload);
    if (typeof payload.event !== 'string') return this.reply(msg.ref, 'ok');
    if (!this.presenceLimit.take()) {
      console.error('[realtime] ClientPresenceRateLimitReached');
      return this.shutdown('Client presence rate limit exceeded');
    }
    const event = payload.event.toLowerCase();
    const { presence, config } = this.ctx;
    if (event === 'untrack') {
      presence.untrack(this.tenantTopic, this);
      return this.reply(msg.ref, 'ok');
    }
    if (event !== 'track') {
      console.error(`[realtime] UnknownPresenceEvent: ${event}`);
      return this.reply(msg.ref, 'error');
    }
    if (this.isPrivate && !this.policies?.presence.write) return this.reply(msg.ref, 'error');
    const meta = payload.payload === undefined ? {} : payload.payload;
    if (!meta || typeof meta !== 'object' || Array.isArray(meta))
      return this.reply(msg.ref, 'error', { reason: 'Presence track payload must be a map' });
    if (Buffer.byteLength(JSON.stringify(meta)) > config.realtime.maxPayloadBytes)
      return this.shutdown('Track message size exceeded');
    if (this.ctx.presenceEvents.avg > config.realtime.maxPresenceEventsPerSecond)
      return this.shutdown('Too many presence messages per second');
    this.ctx.presenceEvents.add();
    this.presenceEnabled = true;
    presence.track(this.tenantTopic, this, this.presenceKey, meta as Record<string, unknown>);
    this.reply(msg.ref, 'ok');
  }

  /** Closes the channel from the server side with a reason: a `system` error, then `phx_close`. */
  shutdown(message: string): void {
    if (this.closed) return;
    this.pushSystem('system', 'error', message);
    this.close();
  }

  /** Sends phx_close and forgets the channel. */
  close(): void {
    if (this.closed) return;
    this.conn.send(encodeMessage(this.conn.vsn, this.joinRef, this.joinRef, this.topic, 'phx_close', {}));
    this.dispose();
  }

  /** Forgets the channel without telling the client (its connection is gone). */
  dispose(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.tokenTimer) clearTimeout(this.tokenTimer);
    this.ctx.registry.remove(this);
    this.ctx.changes.unsubscribe(this);
    this.ctx.presence.untrack(this.tenantTopic, this);
    this.conn.forget(this);
  }
}
