export { Button, ButtonLink, type ButtonProps, type ButtonLinkProps } from './Button';
export { type ButtonVariants } from './Button.css';
