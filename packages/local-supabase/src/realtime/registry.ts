/**
 * The channel registry: which joined channels listen on each topic, and the fan-out that encodes a message once
 * per serializer for all of them (RealtimeChannel.MessageDispatcher). Public and private channels of the same
 * name are different topics, as in Realtime (`<tenant>:<name>` and `<tenant>-private:<name>`).
 */
import type { Vsn } from './protocol.ts';

/** What the registry needs of a channel: its topic and the connection to write to. */
export interface Listener {
  readonly tenantTopic: string;
  readonly conn: { readonly vsn: Vsn; send(frame: string | Buffer): void };
}

export const tenantTopic = (subTopic: string, isPrivate: boolean): string =>
  `${isPrivate ? 'private' : 'public'}:${subTopic}`;

export type Encoder = (vsn: Vsn) => string | Buffer | null;

export class Registry<Channel extends Listener = Listener> {
  private topics = new Map<string, Set<Channel>>();

  add(channel: Channel): void {
    let set = this.topics.get(channel.tenantTopic);
    if (!set) this.topics.set(channel.tenantTopic, (set = new Set()));
    set.add(channel);
  }

  remove(channel: Channel): void {
    const set = this.topics.get(channel.tenantTopic);
    set?.delete(channel);
    if (set && set.size === 0) this.topics.delete(channel.tenantTopic);
  }

  members(topic: string): Channel[] {
    return [...(this.topics.get(topic) ?? [])];
  }

  /**
   * Sends one message to the channels of `topic` that `accept`, except `from`; each serializer's frame is
   * encoded once. Returns the channels it reached.
   */
  fanOut(topic: string, from: Channel | null, accept: (c: Channel) => boolean, encode: Encoder): Channel[] {
    const cache = new Map<Vsn, string | Buffer | null>();
    const reached: Channel[] = [];
    for (const channel of this.topics.get(topic) ?? []) {
      if (channel === from || !accept(channel)) continue;
      const vsn = channel.conn.vsn;
      if (!cache.has(vsn)) cache.set(vsn, encode(vsn));
      const frame = cache.get(vsn);
      if (frame === null || frame === undefined) continue;
      channel.conn.send(frame);
      reached.push(channel);
    }
    return reached;
  }
}
