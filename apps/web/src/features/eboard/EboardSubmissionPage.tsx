import { PageHeader, Section } from '@pentland/ui';
import { Island } from '../../lib/island.tsx';
import EboardSubmissionIsland from './EboardSubmissionIsland.tsx';

/**
 * /eboard-submissions: a public form for an E-Board entry; entries wait for moderation. The E-Board display's QR code
 * leads here: a visit with its `?poster=…` is recorded as that poster's scan, as on every QR landing page. The form
 * is the page's one island beside the navigation's and the footer's (site-data's `start: 'islands'`).
 */
export default function EboardSubmissionPage() {
  return (
    <>
      <PageHeader
        title="E-Board Submissions"
        lead="Share a notice, event or opportunity with Caithness on our E-Board screen. Every entry is checked by our team before it appears."
      />
      <Section width="medium">
        <Island name="EboardSubmissionIsland" props={{}}>
          <EboardSubmissionIsland />
        </Island>
      </Section>
    </>
  );
}
