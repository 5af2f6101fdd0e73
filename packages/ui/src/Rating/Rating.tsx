import type { ReactNode } from 'react';
import { Text } from '../Text/Text.tsx';
import { emptyStar, score, stars, summary } from './Rating.css.ts';

export interface RatingStarsProps {
  /** The rating, rounded to the nearest whole star for the picture. */
  value: number;
  best?: number;
  /** What a screen reader hears ('Rated {value} out of {best}'). */
  label?: string;
}

/** A row of stars; the picture is hidden from screen readers, which hear the label instead. */
export function RatingStars({ value, best = 5, label }: RatingStarsProps) {
  const full = Math.round(value);
  return (
    <span role="img" aria-label={label ?? `Rated ${value} out of ${best}`} className={stars}>
      {Array.from({ length: best }, (_, i) => (
        <span key={i} aria-hidden="true" className={i < full ? undefined : emptyStar}>
          {i < full ? '★' : '☆'}
        </span>
      ))}
    </span>
  );
}

export interface RatingSummaryProps {
  value: number;
  best?: number;
  count: number;
  /** The sentence beside the stars, e.g. 'Rated 4.9 out of 5 from 47 client reviews'. */
  text: ReactNode;
}

/** The aggregate rating: the score, its stars and what it is based on. */
export function RatingSummary({ value, best = 5, count, text }: RatingSummaryProps) {
  return (
    <div className={summary}>
      <span className={score} aria-hidden="true">
        {value.toFixed(1)}
      </span>
      <RatingStars value={value} best={best} label={`Rated ${value} out of ${best} from ${count} reviews`} />
      <Text as="span" tone="muted">
        {text}
      </Text>
    </div>
  );
}
