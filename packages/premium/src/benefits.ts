/**
 * What Premium unlocks. The server enforces each limit (the article generator's quota in the generate-article
 * function and claim_article_generation(), the analytics history in poster_scans' RLS, premium templates in
 * poster_templates' RLS and the posters trigger), each through public.user_subscription_status(); these
 * numbers are the ones those places use, so the pricing page says what the server does.
 */

export const freeLimits = {
  /** AI article generations a free account may run each calendar month (UTC). */
  articleGenerationsPerMonth: 3,
  /** Days of poster-scan history a free account sees. */
  analyticsHistoryDays: 30,
} as const;

export type BenefitId = 'article-generations' | 'analytics-history' | 'poster-templates';

export interface Benefit {
  id: BenefitId;
  title: string;
  free: string;
  premium: string;
}

export const benefits: readonly Benefit[] = [
  {
    id: 'article-generations',
    title: 'AI article generator',
    free: `${freeLimits.articleGenerationsPerMonth} generations a month`,
    premium: 'Unlimited generations',
  },
  {
    id: 'analytics-history',
    title: 'Poster analytics',
    free: `The last ${freeLimits.analyticsHistoryDays} days of scans`,
    premium: 'Your full scan history',
  },
  {
    id: 'poster-templates',
    title: 'Poster templates',
    free: 'The free templates',
    premium: 'Every template, premium designs included',
  },
];

/** What a free user is told when they meet a limit, with the way out. */
export const upgradePrompts: Readonly<Record<BenefitId, string>> = {
  'article-generations': `You have used this month's ${freeLimits.articleGenerationsPerMonth} free generations. Upgrade to Premium for unlimited generations.`,
  'analytics-history': `Free accounts see the last ${freeLimits.analyticsHistoryDays} days of scans. Upgrade to Premium for your full history.`,
  'poster-templates': 'This template is part of Premium. Upgrade to use every template.',
};
