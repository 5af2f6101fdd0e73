/**
 * What the parts of Realtime know of each other, as interfaces: a joined channel as the registry, broadcast and
 * presence see it (Member), a connection as its channels see it (Client), and the context every channel shares.
 * The classes (Channel in channel.ts, Connection in socket.ts) implement them, so no module needs the other's.
 */
import type { BackendConfig } from '../config.ts';
import type { Database } from '../db.ts';
import type { Policies } from './authorization.ts';
import type { RateCounter } from './limits.ts';
import type { PostgresChanges } from './postgresChanges.ts';
import type { PresenceTracker } from './presence.ts';
import type { Vsn } from './protocol.ts';
import type { Registry } from './registry.ts';

/** One WebSocket connection, as the channels joined over it use it. */
export interface Client {
  readonly vsn: Vsn;
  /** The API key the connection was opened with (the default access token of its joins). */
  readonly token: string;
  /** Request headers passed to policies as `request.headers`. */
  readonly headers: Record<string, string>;
  readonly channels: ReadonlyMap<string, unknown>;
  send(frame: string | Buffer): void;
  /** The channel has closed: the connection no longer routes its topic to it. */
  forget(channel: Member): void;
}

/** A joined channel, as fan-out, broadcast and presence address it. */
export interface Member {
  readonly conn: Client;
  readonly topic: string;
  readonly tenantTopic: string;
  readonly isPrivate: boolean;
  readonly policies: Policies | null;
  /** Join config: the sender receives its own broadcasts (`self`), and an acknowledgement (`ack`). */
  readonly self: boolean;
  readonly ack: boolean;
  canReadBroadcast(): boolean;
  canReadPresence(): boolean;
  reply(ref: string | null, status: 'ok' | 'error', response?: unknown): void;
  shutdown(reason: string): void;
}

/** What every channel shares: the database, limits and the other channels. */
export interface RealtimeContext {
  db: Database;
  config: BackendConfig;
  registry: Registry<Member>;
  presence: PresenceTracker<Member>;
  changes: PostgresChanges;
  /** Connections that joined at least one channel (Realtime's concurrent users). */
  users: Set<Client>;
  joins: RateCounter;
  events: RateCounter;
  presenceEvents: RateCounter;
}
