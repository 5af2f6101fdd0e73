/**
 * Rate limits as Realtime counts them (Realtime.RateCounter): events are added to a counter, and every tick
 * (5 s) the count joins a bucket of the last 12 ticks; the limit triggers when the average per second over the
 * bucket reaches its value and releases when it falls below.
 */
export class RateCounter {
  private count = 0;
  private bucket: number[] = [];
  private timer: ReturnType<typeof setInterval>;
  triggered = false;
  avg = 0;

  constructor(
    /** The limit, read at every tick (a function: the project's configuration may change while running). */
    private readonly limit: () => number,
    private readonly tickMs = 5000,
    private readonly maxBuckets = 12,
  ) {
    this.timer = setInterval(() => this.tick(), tickMs);
    this.timer.unref();
  }

  add(n = 1): void {
    this.count += n;
  }

  private tick(): void {
    this.bucket = [this.count, ...this.bucket].slice(0, this.maxBuckets);
    this.count = 0;
    const sum = this.bucket.reduce((a, b) => a + b, 0);
    this.avg = sum / this.bucket.length / (this.tickMs / 1000);
    this.triggered = this.avg >= this.limit();
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

/** A fixed window of calls per client (Realtime's client presence limit: 5 calls per 30 s per channel). */
export class WindowLimit {
  private counter = 0;
  private resetAt = 0;

  constructor(
    private readonly maxCalls: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one call; false when the window is already full. */
  take(now = Date.now()): boolean {
    if (now > this.resetAt) {
      this.counter = 1;
      this.resetAt = now + this.windowMs;
      return true;
    }
    if (this.counter >= this.maxCalls) return false;
    this.counter++;
    return true;
  }
}
