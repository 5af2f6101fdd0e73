import { Fragment, type ReactNode } from 'react';
import { Card } from '../Card/Card.tsx';
import { Text } from '../Text/Text.tsx';
import * as css from './CaseStudy.css.ts';

export interface CaseStudyFigure {
  /** The number, e.g. '22% → 41%'. */
  value: string;
  /** What it counts. */
  label: string;
}

export interface CaseStudyQuote {
  text: string;
  /** Who said it: name, role and organisation. */
  attribution: string;
}

export interface CaseStudyCardProps {
  title: string;
  /** Who the client is. */
  client: string;
  /** A line above the client, e.g. the sector and town. */
  meta?: string;
  /** The story, in order, e.g. The problem / What we did / The result. */
  parts: readonly { label: string; text: string }[];
  /** Measured results, each a number and what it counts. */
  figures?: readonly CaseStudyFigure[];
  /** Names the list of figures for screen readers ('Measured results'). */
  figuresLabel?: string;
  /** The client's own words. */
  quote?: CaseStudyQuote;
  titleAs?: 'h2' | 'h3';
  /** Under the story: the services involved, a link. */
  footer?: ReactNode;
}

/** A project told as problem, solution and result, with its measured results and the client's words. */
export function CaseStudyCard({
  title,
  client,
  meta,
  parts,
  figures,
  figuresLabel = 'Measured results',
  quote,
  titleAs = 'h3',
  footer,
}: CaseStudyCardProps) {
  return (
    <Card as="article" title={title} titleAs={titleAs}>
      {meta && (
        <Text size="sm" weight="semibold">
          {meta}
        </Text>
      )}
      <Text tone="muted">{client}</Text>
      <dl className={css.parts}>
        {parts.map((part) => (
          <Fragment key={part.label}>
            <dt className={css.term}>{part.label}</dt>
            <dd className={css.definition}>{part.text}</dd>
          </Fragment>
        ))}
      </dl>
      {figures && figures.length > 0 && (
        <ul className={css.figures} aria-label={figuresLabel}>
          {figures.map((f) => (
            <li key={f.label} className={css.figure}>
              <span className={css.figureValue}>{f.value}</span>
              <Text as="span" size="sm" tone="muted">
                {f.label}
              </Text>
            </li>
          ))}
        </ul>
      )}
      {quote && (
        <figure className={css.quote}>
          <blockquote className={css.quoteText}>{quote.text}</blockquote>
          <figcaption>
            <Text as="span" size="sm" tone="muted">
              {quote.attribution}
            </Text>
          </figcaption>
        </figure>
      )}
      {footer}
    </Card>
  );
}
