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

/** The /pricing page's words. */
export const pricingContent = {
  heading: 'Pricing',
  intro:
    'Clear prices for every Pentland Cloud service, and Premium membership for the signed-in tools. All prices in pounds sterling.',
  premiumHeading: 'Premium membership for the signed-in tools',
  premiumIntro:
    'The article generator, poster creator and poster analytics come free with an account. Premium removes their limits. It is separate from our services: cancel at any time; Premium runs to the end of the period you paid for.',
  packageHeading: 'Build your own package',
  packageText:
    'Choose the services you need, and the package builder adds up the monthly and one-off price, with and without VAT, as you go. Send it to us and we reply with a written quote.',
  packageAction: { label: 'Open the package builder', to: '/service-packages' },
  /** The free account, shown beside the Premium plans. */
  freePlan: {
    name: 'Free',
    price: '£0',
    per: 'with a free account',
    features: [
      ...benefits.map((b) => `${b.title}: ${b.free.charAt(0).toLowerCase()}${b.free.slice(1)}`),
      'The article editor and your own articles',
      'The poster creator with trackable QR codes',
    ],
    action: { label: 'Create a free account', to: '/auth?mode=signup' },
  },
  /** Shown instead of the Upgrade buttons while a signed-in visitor's plan is being checked. */
  checkingPlan: 'Checking your plan…',
  compareHeading: 'Free and Premium compared',
  servicesHeading: 'Service prices',
  servicesNote: 'Service prices exclude VAT; Premium prices include it.',
  premiumFeatures: [
    'Unlimited AI article generations',
    'Your full poster scan history',
    'Every poster template, premium designs included',
  ],
} as const;

/** What the site says around the checkout. */
export const checkoutContent = {
  signInHeading: 'Sign in to upgrade',
  signInText: 'Sign in or create your account first; the checkout opens as soon as you are signed in.',
  cancelled: 'Checkout cancelled: nothing was charged and your plan has not changed.',
  successTitle: 'Welcome to Premium',
  successText: 'Your payment went through and every premium tool is unlocked.',
  confirming: 'Confirming your payment… this usually takes a few seconds.',
  delayed:
    'Your payment is still being confirmed. Premium will show here as soon as it is; you will not be charged twice.',
} as const;
