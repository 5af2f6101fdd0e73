// The moderation screen's view of E-Board pictures. An entry waiting for moderation names its picture in the
// private eboard-images bucket, which an <img> cannot load; the administrator's session signs those URLs (the
// bucket's admins-read policy allows it) for an hour. Approved entries' pictures are public and stay as they are.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { eboardImageBuckets, eboardImageFile } from '@pentland/enquiries';
import { loadSupabase } from '../../lib/supabase.ts';
import { signPendingImages } from './data.ts';

const signedForSeconds = 3600;
const isPrivate = (url: string) => url.includes(`/object/authenticated/${eboardImageBuckets.uploads}/`);

/** An entry's picture URL that works in the moderator's browser: signed when private, null until it is. */
export function useModeratorImageUrls(
  urls: readonly (string | null)[],
): (url: string | null) => string | null {
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
  useEffect(() => {
    if (!key) return;
    let live = true;
    void (async () => {
      const data = await signPendingImages(await loadSupabase(), key.split('\n'), signedForSeconds);
      if (!live || !data) return;
      setSigned((m) => {
        const next = new Map(m);
        for (const d of data) if (d.path && d.signedUrl) next.set(d.path, d.signedUrl);
        return next;
      });
    })();
    return () => {
      live = false;
    };
  }, [key]);
  return useCallback(
    (url: string | null) => {
      if (!url || !isPrivate(url)) return url;
      const file = eboardImageFile(url);
      return (file && signed.get(`pending/${file}`)) ?? null;
    },
    [signed],
  );
}
