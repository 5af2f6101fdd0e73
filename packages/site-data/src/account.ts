import type { NavLink } from './nav.ts';

/**
 * The administrator e-mail addresses the site falls back to when the backend's is_admin check cannot be
 * answered. A deployment may replace the list through configuration (VITE_ADMIN_EMAILS in apps/web).
 * The fallback only decides what the browser shows: every admin-only row and function is still guarded by
 * row-level security and public.is_admin() on the server.
 */
export const administratorEmails: readonly string[] = [
  'admin@pentlandcloud.co.uk',
  'operations@pentlandcloud.co.uk',
  'support@pentlandcloud.co.uk',
  'security@pentlandcloud.co.uk',
];

/** Parses a comma- or space-separated list of e-mail addresses; blanks are dropped, case is folded. */
export function parseEmailList(value: string | undefined | null): string[] {
  return (value ?? '')
    .split(/[\s,;]+/)
    .map((email) => email.trim().toLowerCase())
    .filter((email) => email.includes('@'));
}

export interface DashboardTool extends NavLink {
  description: string;
  /** Shown with a Premium badge: the tool's full use needs the premium subscription. */
  premium?: boolean;
}

/** The signed-in tools the dashboard home (/welcome) links to, in order. */
export const dashboardTools: readonly DashboardTool[] = [
  {
    label: 'Article Management',
    to: '/dashboard',
    description: 'Your drafts and published articles: edit, publish or remove them.',
  },
  {
    label: 'AI Generator',
    to: '/article-generator',
    description: 'Draft an article from a topic and a few key points, then refine it in the editor.',
    premium: true,
  },
  {
    label: 'Create Article',
    to: '/article-editor',
    description: 'Write a new article with images, ready for review and publishing.',
  },
  {
    label: 'Poster Creator',
    to: '/poster-creator',
    description: 'Design a printable poster with a QR code that leads to your page.',
  },
  {
    label: 'Poster Analytics',
    to: '/poster-analytics',
    description: 'See how often each poster’s QR code is scanned, day by day.',
    premium: true,
  },
  { label: 'Profile', to: '/profile', description: 'Your name, picture and account details.' },
  {
    label: 'Request Consultation',
    to: '/consultation-request',
    description: 'Book a free consultation with our cloud and IT team in Thurso.',
  },
];

/** The dashboard home's greeting for a display name (from auth-machine's displayName rule). */
export const welcomeGreeting = (name: string): string => `Welcome back, ${name}`;

/** What the dashboard home says about the premium subscription. */
export const premiumStatusText = {
  loading: 'Checking your subscription…',
  premium: 'Premium member: every tool is unlocked.',
  free: 'Free plan: upgrade to Premium for unlimited AI generations, full analytics history and every poster template.',
} as const;

/** Where the premium subscription is described and bought. */
export const upgradeLink: NavLink = { label: 'See Premium plans', to: '/pricing' };
