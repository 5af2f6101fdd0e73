import type { ReactNode } from 'react';
import { Card } from '../Card/Card.tsx';
import { heading, section, toc, tocItem, tocLink } from './Document.css.ts';

export interface DocumentSectionProps {
  /** The fragment the table of contents links to. */
  id: string;
  heading: ReactNode;
  children?: ReactNode;
}

/** A numbered part of a long document (terms, privacy policy): an h2 and its text at a readable width. */
export function DocumentSection({ id, heading: title, children }: DocumentSectionProps) {
  const headingId = `${id}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} className={section}>
      <h2 id={headingId} className={heading}>
        {title}
      </h2>
      {children}
    </section>
  );
}

export interface TableOfContentsProps {
  items: readonly { id: string; label: string }[];
  /** The card's heading ('Contents'). */
  title?: string;
  /** The navigation landmark's name ('Table of contents'). */
  label?: string;
}

/** The numbered list of a document's sections, linking to each (in two columns from tablets). */
export function TableOfContents({
  items,
  title = 'Contents',
  label = 'Table of contents',
}: TableOfContentsProps) {
  return (
    <Card title={title} titleAs="h2" elevation="flat">
      <nav aria-label={label}>
        <ol className={toc}>
          {items.map((item) => (
            // Plain anchors: an in-page jump needs no router navigation.
            <li key={item.id} className={tocItem}>
              <a href={`#${item.id}`} className={tocLink}>
                {item.label}
              </a>
            </li>
          ))}
        </ol>
      </nav>
    </Card>
  );
}
