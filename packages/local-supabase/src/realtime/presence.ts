/**
 * Presence as Phoenix.Presence keeps it: per topic, each channel tracks at most one meta under its presence key;
 * the state is `{ key: { metas: [{ phx_ref, ...meta }] } }` and every change is a diff of joins and leaves
 * (an update is a join of the new meta, carrying `phx_ref_prev`, and a leave of the old one).
 */
import { randomBytes } from 'node:crypto';

export type Meta = Record<string, unknown> & { phx_ref: string; phx_ref_prev?: string };
export type PresenceState = Record<string, { metas: Meta[] }>;
export interface PresenceDiff {
  joins: PresenceState;
  leaves: PresenceState;
}

interface Entry {
  key: string;
  meta: Meta;
  payload: string;
}

const ref = (): string => randomBytes(12).toString('base64');

const one = (key: string, meta: Meta): PresenceState => ({ [key]: { metas: [meta] } });

export class PresenceTracker<Owner> {
  private topics = new Map<string, Map<Owner, Entry>>();

  constructor(private readonly onDiff: (topic: string, diff: PresenceDiff) => void) {}

  list(topic: string): PresenceState {
    const state: PresenceState = {};
    for (const { key, meta } of this.topics.get(topic)?.values() ?? [])
      (state[key] ??= { metas: [] }).metas.push(meta);
    return state;
  }

  /** Tracks (or updates) `owner`'s presence; false when the payload did not change. */
  track(topic: string, owner: Owner, key: string, payload: Record<string, unknown>): boolean {
    let entries = this.topics.get(topic);
    if (!entries) this.topics.set(topic, (entries = new Map()));
    const text = JSON.stringify(payload);
    const previous = entries.get(owner);
    if (previous && previous.key === key && previous.payload === text) return false;
    const meta: Meta = { ...payload, phx_ref: ref() };
    if (previous) meta.phx_ref_prev = previous.meta.phx_ref;
    entries.set(owner, { key, meta, payload: text });
    this.onDiff(topic, { joins: one(key, meta), leaves: previous ? one(previous.key, previous.meta) : {} });
    return true;
  }

  untrack(topic: string, owner: Owner): void {
    const entries = this.topics.get(topic);
    const previous = entries?.get(owner);
    if (!entries || !previous) return;
    entries.delete(owner);
    if (entries.size === 0) this.topics.delete(topic);
    this.onDiff(topic, { joins: {}, leaves: one(previous.key, previous.meta) });
  }

  isTracked(topic: string, owner: Owner): boolean {
    return !!this.topics.get(topic)?.has(owner);
  }
}
