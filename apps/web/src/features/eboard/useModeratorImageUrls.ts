// The moderation screen's view of E-Board pictures. An entry waiting for moderation names its picture in the
// private eboard-images bucket, which an <img> cannot load; the administrator's session signs those URLs (the
// bucket's admins-read policy allows it) for an hour, and again before the hour is up while the screen stays open.
// Approved entries' pictures are public and stay as they are.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { eboardImageBuckets, eboardImageFile } from '@pentland/enquiries';
import { loadSupabase } from '../../lib/supabase.ts';
import { signPendingImages } from './data.ts';

const signedForSeconds = 3600;
/** Signed again this often, so an open dashboard never holds an expired address. */
const resignMs = 45 * 60_000;
const pathOf = (url: string) => {
  const file = eboardImageFile(url);
  return file ? `pending/${file}` : null;
};
const isPrivate = (url: string) => url.includes(`/object/authenticated/${eboardImageBuckets.uploads}/`);

/**
 * An entry's picture URL that works in the moderator's browser: signed when private, null until it is; and
 * whether a private picture's URL is still being signed.
 */
export function useModeratorImageUrls(urls: readonly (string | null)[]): {
  imageUrl: (url: string | null) => string | null;
  signing: (url: string | null) => boolean;
} {
  const privatePaths = useMemo(
    () =>
      [...new Set(urls.filter((u): u is string => !!u && isPrivate(u)))]
        .map((u) => eboardImageFile(u))
        .filter((f): f is string => !!f)
        .map((f) => `pending/${f}`)
        .sort(),
    [urls],
  );
  const key = privatePaths.join('\n');
  const [signed, setSigned] = useState<ReadonlyMap<string, string>>(new Map());
  // Paths asked for and answered (signed or not: a picture the bucket no longer holds is not signed).
  const [answered, setAnswered] = useState<ReadonlySet<string>>(new Set());
  const [round, setRound] = useState(0);
  useEffect(() => {
    const t = setInterval(() => setRound((r) => r + 1), resignMs);
    return () => clearInterval(t);
  }, []);
  useEffect(() => {
    if (!key) return;
    let live = true;
    void (async () => {
      const paths = key.split('\n');
      const data = await signPendingImages(await loadSupabase(), paths, signedForSeconds);
      if (!live) return;
      setSigned((m) => {
        const next = new Map(m);
        for (const d of data ?? []) if (d.path && d.signedUrl) next.set(d.path, d.signedUrl);
        return next;
      });
      setAnswered((s) => new Set([...s, ...paths]));
    })();
    return () => {
      live = false;
    };
  }, [key, round]);
  const imageUrl = useCallback(
    (url: string | null) => {
      if (!url || !isPrivate(url)) return url;
      const path = pathOf(url);
      return (path && signed.get(path)) ?? null;
    },
    [signed],
  );
  const signing = useCallback(
    (url: string | null) => {
      if (!url || !isPrivate(url)) return false;
      const path = pathOf(url);
      return !!path && !signed.has(path) && !answered.has(path);
    },
    [signed, answered],
  );
  return useMemo(() => ({ imageUrl, signing }), [imageUrl, signing]);
}
