/** "Download my data": the document export_my_data() answers, and what the profile page says about it. */
export const dataExportFormat = 'pentland-cloud-data-export';
export const dataExportVersion = 1;

/** The lists of records the export holds, in its order. */
export const dataExportLists = [
  'articles',
  'article_generations',
  'posters',
  'poster_scans',
  'consultations',
  'contact_messages',
  'eboard_submissions',
  'subscriptions',
  'files',
] as const;
export type DataExportList = (typeof dataExportLists)[number];

export interface DataExport {
  format: typeof dataExportFormat;
  version: number;
  generated_at: string;
  account: {
    id: string;
    email: string | null;
    identities: Array<{ provider: string; email: string | null }>;
    mfa_factors: Array<{ friendly_name: string | null; factor_type: string; status: string }>;
    [key: string]: unknown;
  };
  profile: { id: string; full_name: string | null; avatar_url: string | null } | null;
  /** Scans are included from this moment (the last 30 days without premium), or all of them when null. */
  poster_scans_from: string | null;
  [list: string]: unknown;
}

const listLabels: Record<DataExportList, [string, string]> = {
  articles: ['article', 'articles'],
  article_generations: ['generated draft', 'generated drafts'],
  posters: ['poster', 'posters'],
  poster_scans: ['poster scan', 'poster scans'],
  consultations: ['consultation request', 'consultation requests'],
  contact_messages: ['contact message', 'contact messages'],
  eboard_submissions: ['E-Board entry', 'E-Board entries'],
  subscriptions: ['subscription', 'subscriptions'],
  files: ['uploaded file', 'uploaded files'],
};

export function isDataExport(value: unknown): value is DataExport {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    v.format === dataExportFormat &&
    typeof v.version === 'number' &&
    !!v.account &&
    dataExportLists.every((list) => Array.isArray(v[list]))
  );
}

/** "3 articles, 1 poster, …" — what a download holds, lists with nothing left out. */
export function dataExportSummary(data: DataExport): string {
  const parts = dataExportLists.flatMap((list) => {
    const n = (data[list] as unknown[]).length;
    if (n === 0) return [];
    const [one, many] = listLabels[list];
    return [`${n} ${n === 1 ? one : many}`];
  });
  return parts.length
    ? `Your account details, profile, ${parts.join(', ')}.`
    : 'Your account details and profile.';
}

/** `pentland-cloud-data-2026-11-23.json`, by the day in the UK. */
export function dataExportFileName(now: Date = new Date()): string {
  const day = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
  return `pentland-cloud-data-${day}.json`;
}

export const dataExportMessages = {
  preparing: 'Preparing your data...',
  ready: 'Your data has been downloaded.',
  failed: 'Your data could not be prepared. Please try again.',
  insufficientAal: 'Enter the code from your authenticator app first.',
} as const;
