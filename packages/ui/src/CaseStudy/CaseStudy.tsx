import { Fragment, type ReactNode } from 'react';
import { Card } from '../Card/Card';
import { Text } from '../Text/Text';
import { definition, parts as partsClass, term } from './CaseStudy.css';

export interface CaseStudyCardProps {
  title: string;
  /** Who the client is. */
  client: string;
  /** The story, in order, e.g. The problem / What we did / The result. */
  parts: readonly { label: string; text: string }[];
  titleAs?: 'h2' | 'h3';
  /** Under the story: the services involved, a link. */
  footer?: ReactNode;
}

/** A project told as problem, solution and result. */
export function CaseStudyCard({ title, client, parts, titleAs = 'h3', footer }: CaseStudyCardProps) {
  return (
    <Card as="article" title={title} titleAs={titleAs}>
      <Text tone="muted">{client}</Text>
      <dl className={partsClass}>
        {parts.map((part) => (
          <Fragment key={part.label}>
            <dt className={term}>{part.label}</dt>
            <dd className={definition}>{part.text}</dd>
          </Fragment>
        ))}
      </dl>
      {footer}
    </Card>
  );
}
