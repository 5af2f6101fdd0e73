import * as css from './SkipLink.css.ts';

export interface SkipLinkProps {
  /** The id of the page's main content, which should take focus (tabindex -1). */
  target?: string;
  children?: string;
}

/** The first stop of the keyboard on every page: hidden until focused, it jumps past the navigation. */
export function SkipLink({ target = 'main', children = 'Skip to main content' }: SkipLinkProps) {
  return (
    <a className={css.skipLink} href={`#${target}`}>
      {children}
    </a>
  );
}
