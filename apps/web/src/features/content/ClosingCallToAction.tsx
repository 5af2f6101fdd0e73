import { homeContent } from '@pentland/site-data';
import { CallToAction } from '@pentland/ui';

/** The closing band of the public pages: book a consultation. */
export function ClosingCallToAction() {
  return (
    <CallToAction
      title={homeContent.closingHeading}
      text={homeContent.closingText}
      action={homeContent.primaryAction}
    />
  );
}
