import type { ReactNode } from 'react';
import { useLinkComponent } from '../Link/Link.tsx';
import * as css from './Pagination.css.ts';

export interface PaginationProps {
  /** 1-based. */
  page: number;
  pageCount: number;
  /** Called with the chosen page (buttons); not needed with `hrefFor`. */
  onPageChange?: (page: number) => void;
  /**
   * The address of a page: the pages become links (Previous and Next with `rel="prev"`/`"next"`), so they work as
   * plain HTML before any script.
   */
  hrefFor?: (page: number) => string;
  /** Names the navigation landmark ('Pages'). */
  label?: string;
  /** e.g. '11–20 of 37 articles', shown beside the buttons. */
  summary?: string;
}

/** Pages to show: the first, the last, and the current one with a neighbour each side; gaps as null. */
export function pageWindow(page: number, pageCount: number): (number | null)[] {
  const wanted = new Set([1, pageCount, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pageCount));
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1]! > 1) out.push(null);
    out.push(p);
  });
  return out;
}

/**
 * Previous / numbered pages / Next, as buttons (or links, with `hrefFor`) in a labelled navigation; nothing when there
 * is one page.
 */
export function Pagination({
  page,
  pageCount,
  onPageChange,
  hrefFor,
  label = 'Pages',
  summary,
}: PaginationProps) {
  const Link = useLinkComponent();
  if (pageCount <= 1) return summary ? <p className={css.summary}>{summary}</p> : null;
  const control = (
    to: number,
    children: ReactNode,
    props: { disabled?: boolean; current?: boolean; label?: string; rel?: string },
  ) => {
    if (!hrefFor)
      return (
        <button
          type="button"
          className={css.page}
          disabled={props.disabled}
          aria-current={props.current ? 'page' : undefined}
          aria-label={props.label}
          onClick={() => onPageChange?.(to)}
        >
          {children}
        </button>
      );
    if (props.disabled)
      return (
        <span className={css.page} aria-disabled="true">
          {children}
        </span>
      );
    return (
      <Link
        to={hrefFor(to)}
        className={css.page}
        rel={props.rel}
        aria-current={props.current ? 'page' : undefined}
        aria-label={props.label}
      >
        {children}
      </Link>
    );
  };
  return (
    <nav className={css.nav} aria-label={label}>
      {summary && <p className={css.summary}>{summary}</p>}
      <ul className={css.pages}>
        <li>{control(page - 1, 'Previous', { disabled: page <= 1, rel: 'prev' })}</li>
        {pageWindow(page, pageCount).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} className={css.gap} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>{control(p, p, { current: p === page, label: `Page ${p}` })}</li>
          ),
        )}
        <li>{control(page + 1, 'Next', { disabled: page >= pageCount, rel: 'next' })}</li>
      </ul>
    </nav>
  );
}
