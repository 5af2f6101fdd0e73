import { privacyNotices, type PrivacyNoticeKey } from '@pentland/site-data';
import { Link, Text } from '@pentland/ui';

/** Where a page collects personal data: what is done with it, and the link to the privacy notice. */
export function PrivacyNotice({ form }: { form: PrivacyNoticeKey }) {
  const notice = privacyNotices[form];
  return (
    <Text size="sm" tone="muted">
      {notice.text} <Link to={notice.link.to}>{notice.link.label}</Link>.
    </Text>
  );
}
