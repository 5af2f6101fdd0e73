import { PageHeader, Section } from '@pentland/ui';
import { Island } from '../../lib/island.tsx';
import PackageBuilderIsland from './PackageBuilderIsland.tsx';

/**
 * /service-packages: the builder; the selection lives in ?package= so it can be shared and bookmarked. The builder is
 * the page's one island beside the navigation's and the footer's (site-data's `start: 'islands'`).
 */
export default function PackageBuilderPage() {
  return (
    <>
      <PageHeader
        title="Package Builder"
        lead="Choose services, tiers and options; the price updates as you go, with VAT shown separately. Your package stays in this page’s address, so you can bookmark or share it."
      />
      <Section>
        <Island name="PackageBuilderIsland" props={{}}>
          <PackageBuilderIsland />
        </Island>
      </Section>
    </>
  );
}
