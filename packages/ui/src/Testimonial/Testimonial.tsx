import { Card } from '../Card/Card.tsx';
import { RatingStars } from '../Rating/Rating.tsx';
import { Text } from '../Text/Text.tsx';
import { caption, figure, name as nameClass, quote as quoteClass } from './Testimonial.css.ts';

export interface TestimonialCardProps {
  quote: string;
  name: string;
  /** Who they are: role and organisation. */
  position: string;
  /** 1–5 stars; none shown when absent. */
  rating?: number;
}

/** A client's words in a card: the stars, the quotation, and who said it. */
export function TestimonialCard({ quote, name, position, rating }: TestimonialCardProps) {
  return (
    <Card>
      <figure className={figure}>
        {rating !== undefined && <RatingStars value={rating} />}
        <blockquote className={quoteClass}>{quote}</blockquote>
        <figcaption className={caption}>
          <cite className={nameClass}>{name}</cite>
          <Text as="span" size="sm" tone="muted">
            {position}
          </Text>
        </figcaption>
      </figure>
    </Card>
  );
}
