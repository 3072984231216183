import type { ReactNode } from "react";
import { type Column, DataTable } from "../ui/data-table.tsx";
import { EmptyState } from "../ui/empty-state.tsx";
import type { IconName } from "../ui/icon.tsx";
import { Page, Section } from "../ui/page.tsx";
import { BackLink, type BackTarget } from "./back-link.tsx";

export interface DetailSection {
  title: string;
  /** Table headers when the section lists entries; absent for a plain message. */
  columns?: readonly string[];
  empty: { icon: IconName; title: string; text?: ReactNode };
}

interface DetailScreenProps {
  title: string;
  description: ReactNode;
  sections: readonly DetailSection[];
  back?: BackTarget;
}

const noRows: readonly never[] = [];

/** A screen about one entity: its sections, each with its empty state. */
export function DetailScreen({ title, description, sections, back }: DetailScreenProps) {
  return (
    <Page title={title} description={description} actions={back && <BackLink {...back} />}>
      {sections.map((section) => {
        const empty = (
          <EmptyState icon={section.empty.icon} title={section.empty.title}>
            {section.empty.text}
          </EmptyState>
        );
        const columns: Column<never>[] = (section.columns ?? []).map((header) => ({
          key: header,
          header,
          render: () => null,
        }));
        return (
          <Section key={section.title} title={section.title}>
            {section.columns ? (
              <DataTable
                caption={section.title}
                columns={columns}
                rows={noRows}
                rowKey={() => ""}
                empty={empty}
              />
            ) : (
              empty
            )}
          </Section>
        );
      })}
    </Page>
  );
}
