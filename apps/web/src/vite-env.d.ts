/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_SUPABASE_URL?: string;
  readonly VITE_SUPABASE_ANON_KEY?: string;
  /** Comma-separated administrator e-mails used when the is_admin check fails. */
  readonly VITE_ADMIN_EMAILS?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** Scotland's bank holidays this year in London and the next two, made at build time (scripts/bank-holidays.mjs). */
declare module 'virtual:scottish-bank-holidays' {
  const holidays: readonly import('@pentland/enquiries').BankHoliday[];
  export default holidays;
}
