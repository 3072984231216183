import { Icon } from "./icon.tsx";
import "./pagination.css";

interface PaginationProps {
  /** Counts from 0, as the API does. */
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
}

export function Pagination({ page, totalPages, onChange }: PaginationProps) {
  if (totalPages <= 1) return null;
  return (
    <nav className="pagination" aria-label="Страницы">
      <button
        type="button"
        className="pagination__button"
        aria-label="Предыдущая страница"
        disabled={page <= 0}
        onClick={() => onChange(page - 1)}
      >
        <Icon name="chevron-left" />
      </button>
      <span className="pagination__status" aria-live="polite">
        Страница {page + 1} из {totalPages}
      </span>
      <button
        type="button"
        className="pagination__button"
        aria-label="Следующая страница"
        disabled={page >= totalPages - 1}
        onClick={() => onChange(page + 1)}
      >
        <Icon name="chevron-right" />
      </button>
    </nav>
  );
}
