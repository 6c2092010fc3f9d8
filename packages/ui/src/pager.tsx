import type { Pagination } from '@meritmatch/contracts';
import { Button } from './feedback';

/** Previous / Next and 'Page X of Y'; nothing at all when everything fits on one page. */
export function Pager({
  pagination,
  onPage,
  label,
}: {
  pagination: Pagination;
  onPage: (page: number) => void;
  label: string;
}) {
  if (pagination.totalPages <= 1) return null;
  return (
    <nav className="pager" aria-label={label}>
      <Button
        variant="secondary"
        size="sm"
        disabled={!pagination.hasPrev}
        onClick={() => onPage(pagination.currentPage - 1)}
      >
        Previous
      </Button>
      <span aria-live="polite" data-testid="page-indicator">
        Page {pagination.currentPage} of {pagination.totalPages}
      </span>
      <Button
        variant="secondary"
        size="sm"
        disabled={!pagination.hasNext}
        onClick={() => onPage(pagination.currentPage + 1)}
      >
        Next
      </Button>
    </nav>
  );
}
