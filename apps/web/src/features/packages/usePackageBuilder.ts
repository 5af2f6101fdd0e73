import { useMemo, useState } from 'react';
import { decodePackage, encodePackage, packageParam, type PackageItem } from '@pentland/site-data';
import { useAddressQuery, useReplaceAddressQuery } from '../../lib/addressQuery.ts';

/**
 * The package being built. The address holds it (`?package=`, so it can be shared and bookmarked), read after
 * hydration (the prerendered page has no query); each change replaces the address.
 */
export function usePackageBuilder() {
  const params = useAddressQuery();
  const replaceQuery = useReplaceAddressQuery();
  const raw = params?.get(packageParam) ?? null;
  const fromLink = useMemo(() => decodePackage(raw), [raw]);
  const [edited, setEdited] = useState<PackageItem[] | null>(null);
  const items = edited ?? fromLink.items;
  const change = (next: PackageItem[]) => {
    setEdited(next);
    const code = encodePackage(next);
    replaceQuery(code ? { [packageParam]: code } : {});
  };
  return {
    items,
    /** What was corrected in the link's package (nothing once the visitor changes it). */
    problems: edited ? [] : fromLink.problems,
    change,
    code: encodePackage(items),
  };
}
