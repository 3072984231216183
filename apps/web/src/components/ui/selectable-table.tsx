import { Fragment, type ReactNode } from "react";
import { Icon } from "./icon.tsx";
import { Skeleton } from "./skeleton.tsx";
import "./table.css";
import "./selectable-table.css";

export type SortDirection = "asc" | "desc";

export interface SelectableColumn<Row> {
  key: string;
  header: string;
  render: (row: Row) => ReactNode;
  /** Class of the column's cells (e.g. `nowrap`, `entries-table__name`). */
  className?: string;
  /** Class of the column's header. */
  headerClassName?: string;
  /**
   * A column the table is sorted by: its header becomes a button. `active`
   * is the direction the rows are in when this column sorts them.
   */
  sort?: { active: SortDirection | undefined; onSort: (direction: SortDirection) => void };
}

/** What a custom row is given to render: its classes and its cells. */
export interface SelectableRowParts {
  className: string;
  cells: ReactNode;
}

interface SelectableTableProps<Row> {
  caption: string;
  columns: readonly SelectableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** The row's name in its checkbox's label, `Выбрать «name»`. */
  rowName: (row: Row) => string;
  selected: ReadonlySet<string>;
  /** Called with the whole new selection. */
  onSelect: (selected: Set<string>) => void;
  loading: boolean;
  /** What the table shows while it has no rows. */
  empty: ReactNode;
  /** Sets `aria-busy` on the table's frame while a newer page is on its way. */
  busy?: boolean;
  /** Classes a row adds to its own (e.g. `is-preselected`). */
  rowClassName?: (row: Row) => string | undefined;
  /**
   * Renders a row's `<tr>` itself (with the given classes and cells), to
   * make rows draggable or drop targets; a plain `<tr>` otherwise.
   */
  renderRow?: (row: Row, parts: SelectableRowParts) => ReactNode;
}

function plainRow(_row: unknown, { className, cells }: SelectableRowParts): ReactNode {
  return <tr className={className}>{cells}</tr>;
}

/**
 * The library's tables (tracks, a folder's or version's entries, the
 * trash): a checkbox per row and one in the header for every row shown,
 * sortable headers, placeholders while loading and the empty state below.
 * Narrow screens stack each row (`table--stack`), its cells named by their
 * column. Choosing all adds the rows shown to the selection and keeps the
 * rest; clearing it takes only the rows shown away.
 */
export function SelectableTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  rowName,
  selected,
  onSelect,
  loading,
  empty,
  busy,
  rowClassName,
  renderRow = plainRow,
}: SelectableTableProps<Row>) {
  const allSelected = rows.length > 0 && rows.every((row) => selected.has(rowKey(row)));

  const selectShown = (checked: boolean) => {
    const next = new Set(selected);
    for (const row of rows) {
      if (checked) next.add(rowKey(row));
      else next.delete(rowKey(row));
    }
    onSelect(next);
  };

  const selectOne = (key: string, checked: boolean) => {
    const next = new Set(selected);
    if (checked) next.add(key);
    else next.delete(key);
    onSelect(next);
  };

  return (
    <div className="table-wrap" aria-busy={busy}>
      <table className="table table--stack entries-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="entries-table__check">
              <input
                type="checkbox"
                aria-label="Выбрать все"
                checked={allSelected}
                disabled={rows.length === 0}
                onChange={(event) => selectShown(event.target.checked)}
              />
            </th>
            {columns.map((column) => (
              <ColumnHeader key={column.key} column={column} />
            ))}
          </tr>
        </thead>
        <tbody>
          {loading
            ? [0, 1, 2].map((index) => (
                <tr key={index} className="table__placeholder">
                  <td colSpan={columns.length + 1}>
                    <Skeleton width="80%" />
                  </td>
                </tr>
              ))
            : rows.map((row) => {
                const key = rowKey(row);
                const isSelected = selected.has(key);
                const extra = rowClassName?.(row);
                const cells = (
                  <>
                    <td className="entries-table__check">
                      <input
                        type="checkbox"
                        aria-label={`Выбрать «${rowName(row)}»`}
                        checked={isSelected}
                        onChange={(event) => selectOne(key, event.target.checked)}
                      />
                    </td>
                    {columns.map((column) => (
                      <td key={column.key} data-label={column.header} className={column.className}>
                        {column.render(row)}
                      </td>
                    ))}
                  </>
                );
                const className = `entries-table__row${extra ? ` ${extra}` : ""}${isSelected ? " is-selected" : ""}`;
                return <Fragment key={key}>{renderRow(row, { className, cells })}</Fragment>;
              })}
        </tbody>
      </table>
      {!loading && rows.length === 0 && <div className="table__empty">{empty}</div>}
    </div>
  );
}

function ColumnHeader<Row>({ column }: { column: SelectableColumn<Row> }) {
  const { sort } = column;
  if (!sort) {
    return (
      <th scope="col" className={column.headerClassName}>
        {column.header}
      </th>
    );
  }
  const next: SortDirection = sort.active === "asc" ? "desc" : "asc";
  return (
    <th
      scope="col"
      className={column.headerClassName}
      aria-sort={sort.active ? (sort.active === "asc" ? "ascending" : "descending") : undefined}
    >
      <button
        type="button"
        className={`table__sort${sort.active ? " is-active" : ""}`}
        onClick={() => sort.onSort(next)}
      >
        {column.header}
        {sort.active && <Icon name={sort.active === "asc" ? "arrow-up" : "arrow-down"} size={14} />}
      </button>
    </th>
  );
}
