/** Generations a free account may run each calendar month (UTC) unless configured otherwise. */
export const defaultMonthlyQuota = 3;

/**
 * The free monthly quota from a configuration value (the function's ARTICLE_GENERATOR_MONTHLY_QUOTA): a whole
 * number ≥ 0, else the default.
 */
export function monthlyQuotaFrom(value: string | undefined | null): number {
  if (value === undefined || value === null || value.trim() === '') return defaultMonthlyQuota;
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 ? n : defaultMonthlyQuota;
}

/** The start of the quota period a moment falls in: the first day of its month, 00:00 UTC. */
export function quotaPeriodStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** The start of the next period, when the count starts again. */
export function quotaPeriodEnd(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}

/** The caller's standing, as the generate-article function reports it. */
export interface GeneratorQuota {
  premium: boolean;
  /** Generations counted this month. */
  used: number;
  /** The monthly limit; null for premium (unlimited). */
  limit: number | null;
  /** Left this month; null for premium (unlimited). */
  remaining: number | null;
  /** When the count starts again (ISO). */
  resetsAt: string;
}

export function quotaStanding(used: number, limit: number, premium: boolean, now: Date): GeneratorQuota {
  return {
    premium,
    used,
    limit: premium ? null : limit,
    remaining: premium ? null : Math.max(0, limit - used),
    resetsAt: quotaPeriodEnd(now).toISOString(),
  };
}

/** 'Unlimited generations (Premium)' / '2 of 3 free generations left this month'. */
export function quotaText(quota: Pick<GeneratorQuota, 'premium' | 'remaining' | 'limit'>): string {
  if (quota.premium || quota.remaining === null) return 'Unlimited generations with Premium';
  return `${quota.remaining} of ${quota.limit} free generation${quota.limit === 1 ? '' : 's'} left this month`;
}

export const quotaReachedMessage = (limit: number) =>
  `You have used your ${limit} free article generation${limit === 1 ? '' : 's'} this month. Upgrade to Premium for unlimited generations, or wait until next month.`;
