/** Fixed-window request counters and the per-address e-mail interval, in memory. */
import { tooManyRequests } from './errors.js';

export class RateLimiter {
  private windows = new Map<string, { start: number; count: number }>();
  private lastMail = new Map<string, number>();
  private mailHour: { start: number; count: number } = { start: 0, count: 0 };

  /** Count one request against `bucket`; throws 429 over_request_rate_limit past `limit` per window. */
  hit(bucket: string, limit: number, windowSeconds: number): void {
    const now = Date.now();
    const w = this.windows.get(bucket);
    if (!w || now - w.start >= windowSeconds * 1000) {
      this.windows.set(bucket, { start: now, count: 1 });
      return;
    }
    w.count += 1;
    if (w.count > limit) {
      const e = tooManyRequests('over_request_rate_limit', 'Request rate limit reached');
      (e.extra as Record<string, unknown>).retry_after = Math.ceil((w.start + windowSeconds * 1000 - now) / 1000);
      throw e;
    }
  }

  /**
   * Before sending an e-mail of `kind` to `address`: at most one per `intervalSeconds` per address and kind
   * (checked whether or not the address belongs to a user, so answers do not reveal accounts), and at most
   * `perHour` e-mails in all.
   */
  mail(kind: string, address: string, intervalSeconds: number, perHour: number): void {
    const now = Date.now();
    const key = `${kind}:${address.toLowerCase()}`;
    const last = this.lastMail.get(key);
    if (last !== undefined && intervalSeconds > 0 && now - last < intervalSeconds * 1000) {
      const left = Math.ceil((last + intervalSeconds * 1000 - now) / 1000);
      throw tooManyRequests('over_email_send_rate_limit', `For security purposes, you can only request this after ${left} seconds.`);
    }
    if (now - this.mailHour.start >= 3_600_000) this.mailHour = { start: now, count: 0 };
    if (this.mailHour.count >= perHour) throw tooManyRequests('over_email_send_rate_limit', 'Email rate limit exceeded');
    this.mailHour.count += 1;
    this.lastMail.set(key, now);
    if (this.lastMail.size > 10_000) {
      for (const [k, t] of this.lastMail) if (now - t > intervalSeconds * 1000) this.lastMail.delete(k);
    }
  }
}
