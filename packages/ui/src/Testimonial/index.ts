export { TestimonialCard, type TestimonialCardProps } from './Testimonial.tsx';
