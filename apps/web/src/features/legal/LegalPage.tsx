import { useLocation } from 'react-router-dom';
import {
  canonicalPath,
  formatLegalDate,
  isLegalPath,
  legalDocument,
  type LegalSection,
} from '@pentland/site-data';
import {
  BulletList,
  DocumentSection,
  Inline,
  Link,
  PageHeader,
  Section,
  Stack,
  TableOfContents,
  Text,
} from '@pentland/ui';

function LegalSectionView({ section }: { section: LegalSection }) {
  return (
    <DocumentSection id={section.id} heading={section.heading}>
      {section.paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      {section.list && <BulletList items={section.list} />}
      {section.links && section.links.length > 0 && (
        <Inline as="ul">
          {section.links.map((link) => (
            <Text key={link.to} as="span" weight="semibold">
              <Link to={link.to}>{link.label}</Link>
            </Text>
          ))}
        </Inline>
      )}
    </DocumentSection>
  );
}

/** /terms and /privacy: the document from site-data for the current path, with its table of contents. */
export default function LegalPage() {
  const path = canonicalPath(useLocation().pathname);
  if (!isLegalPath(path)) return null;
  const document = legalDocument(path);
  return (
    <>
      <PageHeader
        width="medium"
        title={document.title}
        byline={
          <Text size="sm" tone="muted">
            Last updated: <time dateTime={document.lastUpdated}>{formatLegalDate(document.lastUpdated)}</time>
          </Text>
        }
        lead={document.intro}
      />
      <Section width="medium">
        <Stack gap="5">
          <TableOfContents items={document.sections.map((s) => ({ id: s.id, label: s.heading }))} />
          {document.sections.map((section) => (
            <LegalSectionView key={section.id} section={section} />
          ))}
        </Stack>
      </Section>
    </>
  );
}
