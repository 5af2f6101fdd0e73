// Calls the form functions and reads their answers: 201 → the data; 422 → field errors; 400/429/other → one message.
import { dayIn, timeIn } from '@pentland/ui';
import { loadSupabase } from './supabase.ts';

export type Submitted<T> =
  | { ok: true; data: T }
  | {
      ok: false;
      fields?: Record<string, string>;
      message: string;
      /** The HTTP status and the server's whole answer (its `code` and anything it adds), when it answered. */
      status?: number;
      answer?: Record<string, unknown>;
    };

export const offlineMessage =
  'We could not reach our server. Check your connection and try again; nothing was sent.';

export async function submitForm<T>(name: string, body: Record<string, unknown>): Promise<Submitted<T>> {
  try {
    const supabase = await loadSupabase();
    const { data, error } = await supabase.functions.invoke(name, { body });
    if (!error) return { ok: true, data: data as T };
    const res = (error as { context?: unknown }).context;
    if (res instanceof Response) {
      const payload = (await res.json().catch(() => ({}))) as {
        error?: string;
        fields?: Record<string, string>;
      };
      return {
        ok: false,
        fields: payload.fields,
        message: payload.error ?? 'Something went wrong; please try again.',
        status: res.status,
        answer: payload,
      };
    }
    return { ok: false, message: offlineMessage };
  } catch {
    return { ok: false, message: offlineMessage };
  }
}

/** The UK's zone, which the forms' days and times are in. */
const ukZone = 'Europe/London';

/**
 * Today in the UK, 'YYYY-MM-DD'. Through `dayIn`, which needs no locale data where the browser has Temporal: a footer's
 * year and a form's first day are worked out while the page hydrates.
 */
export function ukToday(now = new Date()): string {
  return dayIn(now.toISOString(), ukZone);
}

/** An instant as the forms send a UK time: 'YYYY-MM-DDTHH:mm' in Europe/London. */
export function ukSlot(iso: string): string {
  return `${dayIn(iso, ukZone)}T${timeIn(iso, ukZone)}`;
}

/** '23 Nov 2026, 10:04' in UK time. */
export function ukDateTime(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: ukZone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));
}
