import type { HTMLAttributes, ReactNode } from 'react';
import { Lead } from '../Text/Text.tsx';
import {
  container,
  section,
  sectionIntro,
  sectionTitle,
  type ContainerVariants,
  type SectionVariants,
} from './Container.css.ts';

export interface ContainerProps extends ContainerVariants, HTMLAttributes<HTMLDivElement> {
  children?: ReactNode;
}

/** Centres content at a readable width with side gutters. */
export function Container({ width, className, children, ...rest }: ContainerProps) {
  return (
    <div className={[container({ width }), className].filter(Boolean).join(' ')} {...rest}>
      {children}
    </div>
  );
}

export interface SectionProps extends SectionVariants, HTMLAttributes<HTMLElement> {
  /** An optional heading (h2) that also labels the section. */
  title?: string;
  /** An optional introduction under the title, as lead text. */
  intro?: ReactNode;
  width?: ContainerVariants['width'];
  children?: ReactNode;
}

/** A full-width band of the page with vertical rhythm and a tone; content sits in a Container. */
export function Section({ tone, width, title, intro, className, children, id, ...rest }: SectionProps) {
  const headingId = title && id ? `${id}-title` : undefined;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={[section({ tone }), className].filter(Boolean).join(' ')}
      {...rest}
    >
      <Container width={width}>
        {title && (
          <h2 id={headingId} className={sectionTitle}>
            {title}
          </h2>
        )}
        {intro && <Lead className={sectionIntro}>{intro}</Lead>}
        {children}
      </Container>
    </section>
  );
}
