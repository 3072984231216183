import type { ReactNode } from "react";
import { Skeleton } from "./skeleton.tsx";
import "./table.css";

export interface Column<Row> {
  key: string;
  header: string;
  render: (row: Row) => ReactNode;
  width?: string;
}

interface DataTableProps<Row> {
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  loading?: boolean;
  /** What the table shows while it has no rows. */
  empty: ReactNode;
  /** Below 1024 px each row becomes a card whose cells name their column. */
  cards?: boolean;
  /** A class of a row that must stand out (a silent player), beside what its cells say. */
  rowClassName?: (row: Row) => string | undefined;
}

/** A table that keeps its header while loading or empty, so the page frame stays put. */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  loading,
  empty,
  cards = false,
  rowClassName,
}: DataTableProps<Row>) {
  return (
    <div className="table-wrap">
      <table className={cards ? "table table--cards" : "table"}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                style={column.width ? { width: column.width } : undefined}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {loading
            ? [0, 1, 2].map((index) => (
                <tr key={index}>
                  {columns.map((column) => (
                    <td key={column.key}>
                      <Skeleton width="80%" />
                    </td>
                  ))}
                </tr>
              ))
            : rows.map((row) => (
                <tr key={rowKey(row)} className={rowClassName?.(row)}>
                  {columns.map((column) => (
                    <td key={column.key} data-label={column.header}>
                      {column.render(row)}
                    </td>
                  ))}
                </tr>
              ))}
        </tbody>
      </table>
      {!loading && rows.length === 0 && <div className="table__empty">{empty}</div>}
    </div>
  );
}
