import type { Server } from 'node:http';

export declare function canonicalPath(pathname: string): string;
export declare function createSiteServer(options: {
  root: string;
  /** The backend for pages rendered on request; default: SUPABASE_URL / SUPABASE_ANON_KEY, else the build's. */
  backend?: { url: string; anonKey: string };
  /** How long a page rendered on request waits for the backend at most; default backendWaitMs (300). */
  waitMs?: number;
}): Server;
/** How long a page rendered on request waits for the backend at most before the fallback is served. */
export declare const backendWaitMs: number;
