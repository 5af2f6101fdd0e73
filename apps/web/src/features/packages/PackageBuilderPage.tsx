import { packageParam } from '@pentland/site-data';
import { PageHeader, Section } from '@pentland/ui';
import { PackageBuilder } from '@pentland/screens';
import { usePackageBuilder } from './usePackageBuilder.ts';

/** /service-packages: the builder; the selection lives in ?package= so it can be shared and bookmarked. */
export default function PackageBuilderPage() {
  const { items, problems, change, code } = usePackageBuilder();
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
