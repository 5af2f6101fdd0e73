import { Slot } from '@radix-ui/react-slot';
import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { Link } from '../Link/Link.tsx';
import { busyIndicator, button, type ButtonVariants } from './Button.css.ts';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, ButtonVariants {
  /** Shows a spinner, disables the button and sets `aria-busy`. */
  busy?: boolean;
  /** Render the child element (e.g. a link) with the button's look instead of a `<button>`. */
  asChild?: boolean;
  /** Render a link (through the LinkProvider) to this path with the button's look. */
  to?: string;
  children?: ReactNode;
}

/** A button; `busy` disables it and shows a spinner beside its (busy) label. */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  {
    variant,
    size,
    fullWidth,
    busy = false,
    asChild = false,
    to,
    disabled,
    className,
    children,
    type,
    ...rest
  },
  ref,
) {
  const classes = [button({ variant, size, fullWidth }), className].filter(Boolean).join(' ');
  if (to !== undefined) {
    return (
      <ButtonLink to={to} variant={variant} size={size} fullWidth={fullWidth} className={className}>
        {children}
      </ButtonLink>
    );
  }
  if (asChild) {
    return (
      <Slot ref={ref} className={classes} {...rest}>
        {children}
      </Slot>
    );
  }
  return (
    <button
      ref={ref}
      type={type ?? 'button'}
      className={classes}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy && <span className={busyIndicator} aria-hidden="true" />}
      {children}
    </button>
  );
});

export interface ButtonLinkProps extends ButtonVariants {
  to: string;
  children?: ReactNode;
  className?: string;
  onClick?: () => void;
}

/** A link (through the LinkProvider) that looks like a button. */
export function ButtonLink({ to, variant, size, fullWidth, className, children, onClick }: ButtonLinkProps) {
  const classes = [button({ variant, size, fullWidth }), className].filter(Boolean).join(' ');
  return (
    <Link to={to} className={classes} onClick={onClick}>
      {children}
    </Link>
  );
}
