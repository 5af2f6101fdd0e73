import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { decodePackage, encodePackage, packageParam, type PackageItem } from '@pentland/site-data';
import { PackageBuilder, PageHeader, Section } from '@pentland/ui';
import { useHydrated } from '../../lib/hydrated.ts';

/** /service-packages: the builder; the selection lives in ?package= so it can be shared and bookmarked. */
export default function PackageBuilderPage() {
  const [params, setParams] = useSearchParams();
  const hydrated = useHydrated();
  // The address holds the package: read after hydration (the prerendered page has no query).
  const raw = hydrated ? params.get(packageParam) : null;
  const fromLink = useMemo(() => decodePackage(raw), [raw]);
  const [edited, setEdited] = useState<PackageItem[] | null>(null);
  const items = edited ?? fromLink.items;
  const problems = edited ? [] : fromLink.problems;
  const change = (next: PackageItem[]) => {
    setEdited(next);
    const code = encodePackage(next);
    setParams(code ? { [packageParam]: code } : {}, { replace: true, preventScrollReset: true });
  };
  const code = encodePackage(items);
  return (
    <>
      <PageHeader
        title="Package Builder"
        lead="Choose services, tiers and options; the price updates as you go, with VAT shown separately. Your package stays in this page’s address, so you can bookmark or share it."
      />
      <Section>
        <PackageBuilder
          items={items}
          onChange={change}
          problems={problems}
          requestHref={`/consultation-request?${packageParam}=${code}`}
          shareHref={`/service-packages?${packageParam}=${code}`}
        />
      </Section>
    </>
  );
}
