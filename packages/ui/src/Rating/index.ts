export { RatingStars, RatingSummary, type RatingStarsProps, type RatingSummaryProps } from './Rating.tsx';
