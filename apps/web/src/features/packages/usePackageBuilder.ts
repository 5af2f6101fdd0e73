import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { decodePackage, encodePackage, packageParam, type PackageItem } from '@pentland/site-data';
import { useHydrated } from '../../lib/hydrated.ts';

/**
 * The package being built. The address holds it (`?package=`, so it can be shared and bookmarked), read after
 * hydration (the prerendered page has no query); each change replaces the address.
 */
export function usePackageBuilder() {
  const [params, setParams] = useSearchParams();
  const hydrated = useHydrated();
  const raw = hydrated ? params.get(packageParam) : null;
  const fromLink = useMemo(() => decodePackage(raw), [raw]);
  const [edited, setEdited] = useState<PackageItem[] | null>(null);
  const items = edited ?? fromLink.items;
  const change = (next: PackageItem[]) => {
    setEdited(next);
    const code = encodePackage(next);
    setParams(code ? { [packageParam]: code } : {}, { replace: true, preventScrollReset: true });
  };
  return {
    items,
    /** What was corrected in the link's package (nothing once the visitor changes it). */
    problems: edited ? [] : fromLink.problems,
    change,
    code: encodePackage(items),
  };
}
