export { Badge, type BadgeProps } from './Badge';
export { type BadgeVariants } from './Badge.css';
