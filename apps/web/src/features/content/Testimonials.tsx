import { clientsContent, rating, testimonials } from '@pentland/site-data';
import { Grid, RatingSummary, TestimonialCard, Text } from '@pentland/ui';

/** The company's rating with where it comes from, and its clients' testimonials, as home and /clients show them. */
export function Testimonials({ ratingText }: { ratingText: string }) {
  return (
    <>
      <RatingSummary value={rating.value} best={rating.best} count={rating.count} text={ratingText} />
      <Text size="sm" tone="muted">
        {clientsContent.ratingSource}
      </Text>
      <Grid>
        {testimonials.map((t) => (
          <TestimonialCard
            key={t.name}
            quote={t.quote}
            name={t.name}
            position={t.position}
            rating={t.rating}
          />
        ))}
      </Grid>
    </>
  );
}
