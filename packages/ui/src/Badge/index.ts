export { Badge, type BadgeProps } from './Badge.tsx';
export { type BadgeVariants } from './Badge.css.ts';
