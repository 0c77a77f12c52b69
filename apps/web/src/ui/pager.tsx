interface PagerProps {
  page: number;
  hasNext: boolean;
  onPage: (page: number) => void;
  labels: { previous: string; next: string; page: string };
  testId?: string;
}

/** Previous / next for a paged list; the page number between them. */
export function Pager({ page, hasNext, onPage, labels, testId }: PagerProps) {
  if (page === 1 && !hasNext) return null;
  return (
    <nav className="pager" aria-label={labels.page} data-testid={testId}>
      <button type="button" className="btn btn-ghost" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        ‹ {labels.previous}
      </button>
      <span className="pager-page">{page}</span>
      <button type="button" className="btn btn-ghost" disabled={!hasNext} onClick={() => onPage(page + 1)}>
        {labels.next} ›
      </button>
    </nav>
  );
}
