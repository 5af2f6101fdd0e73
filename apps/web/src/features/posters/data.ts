import type { SupabaseClient } from '@supabase/supabase-js';
import type { ScanStats } from '@pentland/screens';
import {
  emptyPoster,
  parsePoster,
  posterImageMessages,
  posterImagesBucket,
  serializePoster,
  type PosterDocument,
} from '@pentland/poster';

// The poster creator's calls over the shared client: the user's posters, the template catalogue, the private
// poster-images bucket and the scan statistics (the rules live in @pentland/poster and in the database).

/** A row of `posters`, as the creator reads it. */
export interface PosterRow {
  id: string;
  title: string;
  design: unknown;
  template_id: string | null;
  updated_at: string;
}

export interface TemplateRow {
  id: string;
  title: string;
  description: string;
  premium: boolean;
}

const columns = 'id, title, design, template_id, updated_at';

/** A readable message for a failed call (PostgREST and Storage errors carry one). */
export function failure(error: unknown, fallback: string): string {
  if (
    error &&
    typeof error === 'object' &&
    'message' in error &&
    typeof error.message === 'string' &&
    error.message
  )
    return error.message;
  return fallback;
}

export async function listPosters(client: SupabaseClient): Promise<PosterRow[]> {
  const { data, error } = await client
    .from('posters')
    .select(columns)
    .order('updated_at', { ascending: false });
  if (error) throw new Error(failure(error, 'Your posters could not be loaded.'));
  return data as PosterRow[];
}

export async function listTemplates(client: SupabaseClient): Promise<TemplateRow[]> {
  const { data, error } = await client
    .from('poster_template_catalog')
    .select('id, title, description, premium')
    .order('sort');
  if (error) throw new Error(failure(error, 'The templates could not be loaded.'));
  return data as TemplateRow[];
}

export async function getPoster(client: SupabaseClient, id: string): Promise<PosterRow | null> {
  const { data, error } = await client.from('posters').select(columns).eq('id', id).maybeSingle();
  if (error) throw new Error(failure(error, 'The poster could not be loaded.'));
  return data as PosterRow | null;
}

/** The stored design as a document; an empty design (a new row) is an empty A4 page. */
export function documentOf(row: Pick<PosterRow, 'design'>): PosterDocument {
  const design = row.design;
  if (design && typeof design === 'object' && Object.keys(design).length === 0) return emptyPoster();
  return parsePoster(design);
}

/** A new poster, blank or from a template (the database refuses a premium template without premium). */
export async function createPoster(client: SupabaseClient, templateId: string | null): Promise<string> {
  let design: PosterDocument = emptyPoster();
  let title = 'Untitled poster';
  if (templateId) {
    const { data, error } = await client
      .from('poster_templates')
      .select('title, design')
      .eq('id', templateId)
      .maybeSingle();
    if (error) throw new Error(failure(error, 'The template could not be loaded.'));
    if (!data) throw new Error('This template needs a premium subscription.');
    design = parsePoster(data.design);
    title = `${data.title as string} poster`;
  }
  const { data, error } = await client
    .from('posters')
    .insert({ title, design: JSON.parse(serializePoster(design)), template_id: templateId })
    .select('id')
    .single();
  if (error) throw new Error(failure(error, 'The poster could not be created.'));
  return data.id as string;
}

/** Saves a poster's title and its document (the versioned JSON of serializePoster). */
export async function savePoster(
  client: SupabaseClient,
  id: string,
  title: string,
  design: string,
): Promise<void> {
  const { error } = await client
    .from('posters')
    .update({ title, design: JSON.parse(design) })
    .eq('id', id);
  if (error) throw new Error(failure(error, 'The poster could not be saved.'));
}

export async function duplicatePoster(client: SupabaseClient, row: PosterRow): Promise<string> {
  const { data, error } = await client
    .from('posters')
    .insert({ title: `Copy of ${row.title}`.slice(0, 200), design: row.design, template_id: row.template_id })
    .select('id')
    .single();
  if (error) throw new Error(failure(error, 'The poster could not be duplicated.'));
  return data.id as string;
}

export async function deletePoster(client: SupabaseClient, id: string): Promise<void> {
  const { error } = await client.from('posters').delete().eq('id', id);
  if (error) throw new Error(failure(error, 'The poster could not be deleted.'));
}

// ——— Images (the private poster-images bucket, one folder per user; the rules live in @pentland/poster) ———

const extension = (file: File) => {
  const fromName = /\.([a-z0-9]{1,5})$/i.exec(file.name)?.[1]?.toLowerCase();
  return fromName ?? file.type.split('/')[1] ?? 'img';
};

/** Stores an image as `{user id}/{time}-{random}.{ext}` (the article images' name rule; never overwrites). */
export async function uploadImage(client: SupabaseClient, userId: string, file: File): Promise<string> {
  const random = crypto.randomUUID().replace(/-/g, '').slice(0, 12);
  const path = `${userId}/${Date.now()}-${random}.${extension(file)}`;
  const { error } = await client.storage
    .from(posterImagesBucket)
    .upload(path, file, { cacheControl: '3600', upsert: false, contentType: file.type });
  if (error) throw new Error(failure(error, posterImageMessages.notStored));
  return path;
}

/** Removes an uploaded image that did not make it onto the poster (so no unused file stays in the bucket). */
export async function removeImage(client: SupabaseClient, path: string): Promise<void> {
  await client.storage.from(posterImagesBucket).remove([path]);
}

/** Loads a stored image for the canvas (as a same-origin object URL, so exports are not blocked). */
export async function loadImage(client: SupabaseClient, path: string): Promise<HTMLImageElement> {
  const { data, error } = await client.storage.from(posterImagesBucket).download(path);
  if (error || !data) throw new Error(failure(error, 'An image of this poster could not be loaded.'));
  const img = new Image();
  img.src = URL.createObjectURL(data);
  await img.decode();
  return img;
}

/** Scans of the owner's posters (one, or all with null) between two UK days, from poster_scan_stats(). */
export async function readScanStats(
  client: SupabaseClient,
  poster: string | null,
  from: string,
  to: string,
): Promise<ScanStats> {
  const { data, error } = await client.rpc('poster_scan_stats', { poster, from_date: from, to_date: to });
  if (error)
    throw new Error(failure(error, 'The scans could not be loaded. Check your connection and try again.'));
  return data as ScanStats;
}
