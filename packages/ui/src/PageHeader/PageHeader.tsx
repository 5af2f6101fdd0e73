import type { ReactNode } from 'react';
import { Breadcrumb, type BreadcrumbItem } from '../Breadcrumb/Breadcrumb.tsx';
import { Section, type SectionProps } from '../Container/Container.tsx';
import { Inline, Stack } from '../Stack/Stack.tsx';
import { Eyebrow, Lead } from '../Text/Text.tsx';
import { pageLead, pageTitle } from './PageHeader.css.ts';

export interface PageHeaderProps {
  /** The page's h1. */
  title: ReactNode;
  /** A short line above the title (place, category). */
  eyebrow?: ReactNode;
  /** A line right under the title: a date, an author. */
  byline?: ReactNode;
  /** The introduction under the title. */
  lead?: ReactNode;
  /** The trail above the title; its last item is the page itself. */
  breadcrumb?: readonly BreadcrumbItem[];
  /** Facts under the lead: a price, a date. */
  meta?: ReactNode;
  /** Buttons in a row at the end. */
  actions?: ReactNode;
  /** The band's tone (`inverse`). */
  tone?: SectionProps['tone'];
  /** The content width (`wide`). */
  width?: SectionProps['width'];
  children?: ReactNode;
}

/** The band that opens a page: breadcrumb, eyebrow, the h1, lead text, facts and actions. */
export function PageHeader({
  title,
  eyebrow,
  byline,
  lead,
  breadcrumb,
  meta,
  actions,
  tone = 'inverse',
  width,
  children,
}: PageHeaderProps) {
  return (
    <Section tone={tone} width={width}>
      <Stack gap="4" align="start">
        {breadcrumb && <Breadcrumb items={breadcrumb} />}
        {eyebrow && <Eyebrow>{eyebrow}</Eyebrow>}
        <h1 className={pageTitle}>{title}</h1>
        {byline}
        {lead && (
          <Lead tone={tone === 'inverse' || tone === 'brand' ? 'inherit' : 'muted'} className={pageLead}>
            {lead}
          </Lead>
        )}
        {meta}
        {actions && <Inline>{actions}</Inline>}
        {children}
      </Stack>
    </Section>
  );
}
