import * as css from './Pagination.css.ts';

export interface PaginationProps {
  /** 1-based. */
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
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

/** Previous / numbered pages / Next, as buttons in a labelled navigation; nothing when there is one page. */
export function Pagination({ page, pageCount, onPageChange, label = 'Pages', summary }: PaginationProps) {
  if (pageCount <= 1) return summary ? <p className={css.summary}>{summary}</p> : null;
  return (
    <nav className={css.nav} aria-label={label}>
      {summary && <p className={css.summary}>{summary}</p>}
      <ul className={css.pages}>
        <li>
          <button
            type="button"
            className={css.page}
            disabled={page <= 1}
            onClick={() => onPageChange(page - 1)}
          >
            Previous
          </button>
        </li>
        {pageWindow(page, pageCount).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} className={css.gap} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              <button
                type="button"
                className={css.page}
                aria-current={p === page ? 'page' : undefined}
                aria-label={`Page ${p}`}
                onClick={() => onPageChange(p)}
              >
                {p}
              </button>
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            className={css.page}
            disabled={page >= pageCount}
            onClick={() => onPageChange(page + 1)}
          >
            Next
          </button>
        </li>
      </ul>
    </nav>
  );
}
