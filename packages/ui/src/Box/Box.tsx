import { createElement, type AllHTMLAttributes, type ElementType } from 'react';
import { sprinkles, type Sprinkles } from '../theme/sprinkles.css.ts';

type SprinkleKey = keyof Sprinkles;

export type BoxProps = Sprinkles &
  Omit<AllHTMLAttributes<HTMLElement>, SprinkleKey | 'as'> & {
    /** The element to render, `div` by default. */
    as?: ElementType;
  };

const sprinkleKeys = new Set<string>(sprinkles.properties);

/** A layout primitive: sprinkles props become classes, the rest go to the element. */
export function Box({ as = 'div', className, ...props }: BoxProps) {
  const atoms: Record<string, unknown> = {};
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(props)) {
    if (sprinkleKeys.has(key)) atoms[key] = value;
    else rest[key] = value;
  }
  const classes = [sprinkles(atoms as Sprinkles), className].filter(Boolean).join(' ');
  return createElement(as, { className: classes, ...rest });
}
