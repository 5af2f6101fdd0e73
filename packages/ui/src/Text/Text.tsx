import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from '../internal/cx.ts';
import { eyebrow, text, type TextVariants } from './Text.css.ts';

export interface TextProps extends TextVariants, HTMLAttributes<HTMLElement> {
  /** `p` by default. */
  as?: 'p' | 'span' | 'div' | 'strong' | 'small';
  children?: ReactNode;
}

/**
 * Body text at a size of the type scale. `tone="muted"` is the secondary colour of the surrounding band or card
 * (light on dark bands), `accent` is for prices and highlights on light surfaces.
 */
export function Text({ as: Element = 'p', size, tone, weight, className, children, ...rest }: TextProps) {
  return (
    <Element className={cx(text({ size, tone, weight }), className)} {...rest}>
      {children}
    </Element>
  );
}

export type LeadProps = Omit<TextProps, 'size'>;

/** The introductory paragraph under a page or section title: large and muted by default. */
export function Lead({ tone = 'muted', ...rest }: LeadProps) {
  return <Text size="lg" tone={tone} {...rest} />;
}

export interface EyebrowProps extends HTMLAttributes<HTMLParagraphElement> {
  children?: ReactNode;
}

/** A short uppercase line above a title: the place, the category. */
export function Eyebrow({ className, children, ...rest }: EyebrowProps) {
  return (
    <p className={cx(eyebrow, className)} {...rest}>
      {children}
    </p>
  );
}
