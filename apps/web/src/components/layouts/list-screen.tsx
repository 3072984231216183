import type { ReactNode } from "react";
import { Link } from "react-router";
import { type Column, DataTable } from "../ui/data-table.tsx";
import { EmptyState } from "../ui/empty-state.tsx";
import type { IconName } from "../ui/icon.tsx";
import { Icon } from "../ui/icon.tsx";
import { Page } from "../ui/page.tsx";

export interface ListScreenAction {
  label: string;
  to: string;
  icon?: IconName;
}

interface ListScreenProps {
  title: string;
  description: string;
  /** Table headers of what the screen lists. */
  columns: readonly string[];
  empty: { icon: IconName; title: string; text: ReactNode };
  action?: ListScreenAction;
  /** Content between the title and the table, e.g. filters. */
  toolbar?: ReactNode;
}

const noRows: readonly never[] = [];

/** A screen listing entities in a table, with its empty state while there are none. */
export function ListScreen({
  title,
  description,
  columns,
  empty,
  action,
  toolbar,
}: ListScreenProps) {
  const tableColumns: Column<never>[] = columns.map((header) => ({
    key: header,
    header,
    render: () => null,
  }));
  return (
    <Page
      title={title}
      description={description}
      actions={
        action && (
          <Link to={action.to} className="button button--primary button--md">
            <Icon name={action.icon ?? "plus"} />
            {action.label}
          </Link>
        )
      }
    >
      {toolbar}
      <DataTable
        caption={title}
        columns={tableColumns}
        rows={noRows}
        rowKey={() => ""}
        empty={
          <EmptyState icon={empty.icon} title={empty.title}>
            {empty.text}
          </EmptyState>
        }
      />
    </Page>
  );
}
