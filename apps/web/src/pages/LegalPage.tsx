import { useLocation } from 'react-router-dom';
import {
  canonicalPath,
  formatLegalDate,
  isLegalPath,
  legalDocument,
  type LegalSection,
} from '@pentland/site-data';
import { Card, Link, Section } from '@pentland/ui';
import * as css from './pages.css';

function LegalSectionView({ section }: { section: LegalSection }) {
  const headingId = `${section.id}-heading`;
  return (
    <section id={section.id} aria-labelledby={headingId} className={css.legalSection}>
      <h2 id={headingId} className={css.legalHeading}>
        {section.heading}
      </h2>
      {section.paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      {section.list && (
        <ul className={css.legalList}>
          {section.list.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
      {section.links && section.links.length > 0 && (
        <ul className={css.linkList}>
          {section.links.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className={css.legalLink}>
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** /terms and /privacy: the document from site-data for the current path, with its table of contents. */
export default function LegalPage() {
  const path = canonicalPath(useLocation().pathname);
  if (!isLegalPath(path)) return null;
  const document = legalDocument(path);
  return (
    <>
      <Section tone="inverse" width="medium">
        <div className={css.stackStart}>
          <h1 className={css.pageTitle}>{document.title}</h1>
          <p className={css.legalUpdated}>
            Last updated: <time dateTime={document.lastUpdated}>{formatLegalDate(document.lastUpdated)}</time>
          </p>
          <p className={css.heroText}>{document.intro}</p>
        </div>
      </Section>
      <Section width="medium">
        <div className={css.stackWide}>
          <Card title="Contents" titleAs="h2" elevation="flat">
            <nav aria-label="Table of contents">
              <ol className={css.legalToc}>
                {document.sections.map((section) => (
                  // Plain anchors: an in-page jump needs no router navigation.
                  <li key={section.id} className={css.legalTocItem}>
                    <a href={`#${section.id}`} className={css.legalTocLink}>
                      {section.heading}
                    </a>
                  </li>
                ))}
              </ol>
            </nav>
          </Card>
          {document.sections.map((section) => (
            <LegalSectionView key={section.id} section={section} />
          ))}
        </div>
      </Section>
    </>
  );
}
