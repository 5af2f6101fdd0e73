// The E-Board's calls: the public board (the eboard_board view), an entry's picture upload and its server
// function, the moderators' list actions, edits and signed picture URLs.
import type { SupabaseClient } from '@supabase/supabase-js';
import {
  eboardCategoryLabel,
  eboardImageBuckets,
  type EboardWindow,
  type ScheduledEntry,
} from '@pentland/enquiries';
import type { BoardEntry, EboardValues, ModerationAction } from '@pentland/screens';
import { submitForm } from '../../lib/forms.ts';

/** An entry of the board with its display dates and time-of-day windows (the display applies them). */
export type ScheduledBoardEntry = BoardEntry & ScheduledEntry;

/**
 * The board as the public sees it: the 50 most recently approved entries whose display dates include today.
 * `signal` cancels the request (a read the network never answers).
 */
export async function readBoard(
  client: SupabaseClient,
  signal?: AbortSignal,
): Promise<ScheduledBoardEntry[]> {
  let query = client
    .from('eboard_board')
    .select(
      'id, title, description, category, author, organisation, image_url, approved_at, display_from, display_until, schedule, display_seconds',
    )
    .order('approved_at', { ascending: false, nullsFirst: false })
    .limit(50);
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error || !data) throw error ?? new Error('no data');
  return data.map((r) => ({
    id: r.id as string,
    title: r.title as string,
    message: r.description as string,
    category: eboardCategoryLabel(r.category as string),
    author: r.author as string | null,
    organisation: r.organisation as string | null,
    imageUrl: r.image_url as string | null,
    seconds: r.display_seconds as number | null,
    displayFrom: r.display_from as string | null,
    displayUntil: r.display_until as string | null,
    schedule: r.schedule as EboardWindow[] | null,
  }));
}

const extension: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

/**
 * Stores an entry's picture under `pending/` in the private uploads bucket (visitors may add there, not read);
 * the path, or null when it could not be stored.
 */
export async function uploadPendingImage(client: SupabaseClient, image: File): Promise<string | null> {
  const path = `pending/${crypto.randomUUID()}.${extension[image.type]}`;
  const { error } = await client.storage
    .from(eboardImageBuckets.uploads)
    .upload(path, image, { contentType: image.type, upsert: false });
  return error ? null : path;
}

/** What submit-eboard answers once it has stored the entry. */
export interface EboardReceipt {
  reference: string;
  mailed: boolean;
}

/** Sends an entry (its picture already uploaded) to its server function, which validates again. */
export const sendEboardEntry = (values: EboardValues, imagePath: string | undefined) =>
  submitForm<EboardReceipt>('submit-eboard', { ...values, imagePath });

/** Approves, rejects, archives or reopens entries through moderate-eboard (which mails and moves pictures). */
export const moderateEntries = (ids: string[], action: ModerationAction, reason?: string) =>
  submitForm<{ updated: { reference: string }[]; failed: { error: string }[] }>('moderate-eboard', {
    ids,
    action,
    reason,
  });

/** A moderator's edit of an entry's text, display dates and schedule, checked again by moderate-eboard. */
export const saveEntry = (
  id: string,
  patch: {
    title: string;
    message: string;
    displayFrom: string;
    displayUntil: string;
    schedule: EboardWindow[];
    displaySeconds: number | null;
  },
) => submitForm<{ updated: { reference: string }[] }>('moderate-eboard', { action: 'edit', id, ...patch });

/** Signed URLs (for `seconds`) of pictures in the private uploads bucket, by their paths there. */
export async function signPendingImages(client: SupabaseClient, paths: string[], seconds: number) {
  const { data } = await client.storage.from(eboardImageBuckets.uploads).createSignedUrls(paths, seconds);
  return data;
}
