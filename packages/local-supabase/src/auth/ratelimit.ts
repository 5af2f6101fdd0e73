/**
 * Fixed-window request counters per client address (GoTrue keys its limits by IP), the per-address e-mail interval
 * (per account, as GoTrue's max frequency) and an hourly e-mail cap per client, all in memory.
 */
import { tooManyRequests } from './errors.ts';
import { ErrorCode } from './errorCodes.ts';

interface Window {
  start: number;
  count: number;
}

/** Beyond this many tracked keys, expired ones are dropped (and then the oldest), so memory stays bounded. */
const MAX_KEYS = 50_000;

function prune<V>(map: Map<string, V>, expired: (v: V) => boolean): void {
  if (map.size <= MAX_KEYS) return;
  for (const [k, v] of map) if (expired(v)) map.delete(k);
  for (const k of map.keys()) {
    if (map.size <= MAX_KEYS * 0.9) break;
    map.delete(k);
  }
}

export class RateLimiter {
  private windows = new Map<string, Window>();
  private lastMail = new Map<string, number>();
  private mailHours = new Map<string, Window>();

  /** Counts one request of `client` against `bucket`; throws 429 over_request_rate_limit past `limit` per window. */
  hit(bucket: string, client: string, limit: number, windowSeconds: number): void {
    const now = Date.now();
    const key = `${bucket}\u0000${client}`;
    const w = this.windows.get(key);
    if (!w || now - w.start >= windowSeconds * 1000) {
      this.windows.delete(key);
      this.windows.set(key, { start: now, count: 1 });
      prune(this.windows, (v) => now - v.start >= windowSeconds * 1000);
      return;
    }
    w.count += 1;
    if (w.count > limit) {
      const e = tooManyRequests(ErrorCode.OverRequestRateLimit, 'Request rate limit reached');
      (e.extra as Record<string, unknown>).retry_after = Math.ceil(
        (w.start + windowSeconds * 1000 - now) / 1000,
      );
      throw e;
    }
  }

  /**
   * Before sending an e-mail of `kind` to `address` for `client`: at most one per `intervalSeconds` per address and
   * kind (checked whether or not the address has an account, so answers do not tell), and at most `perHour`
   * e-mails per client.
   */
  mail(kind: string, address: string, client: string, intervalSeconds: number, perHour: number): void {
    const now = Date.now();
    const key = `${kind}:${address.toLowerCase()}`;
    const last = this.lastMail.get(key);
    if (last !== undefined && intervalSeconds > 0 && now - last < intervalSeconds * 1000) {
      const left = Math.ceil((last + intervalSeconds * 1000 - now) / 1000);
      throw tooManyRequests(
        ErrorCode.OverEmailSendRateLimit,
        `For security purposes, you can only request this after ${left} seconds.`,
      );
    }
    let hour = this.mailHours.get(client);
    if (!hour || now - hour.start >= 3_600_000) {
      hour = { start: now, count: 0 };
      this.mailHours.delete(client);
      this.mailHours.set(client, hour);
      prune(this.mailHours, (v) => now - v.start >= 3_600_000);
    }
    if (hour.count >= perHour)
      throw tooManyRequests(ErrorCode.OverEmailSendRateLimit, 'Email rate limit exceeded');
    hour.count += 1;
    this.lastMail.delete(key);
    this.lastMail.set(key, now);
    prune(this.lastMail, (t) => now - t >= intervalSeconds * 1000);
  }
}
