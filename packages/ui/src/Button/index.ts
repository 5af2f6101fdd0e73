export { Button, ButtonLink, type ButtonProps, type ButtonLinkProps } from './Button.tsx';
export { button as buttonClass, type ButtonVariants } from './Button.css.ts';
