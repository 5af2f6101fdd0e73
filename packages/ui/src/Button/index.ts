export { Button, ButtonLink, type ButtonProps, type ButtonLinkProps } from './Button';
export { button as buttonClass, type ButtonVariants } from './Button.css';
