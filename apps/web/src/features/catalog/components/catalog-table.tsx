import { type CatalogEntry, type CatalogKind, MESSAGES } from "@fonika/shared";
import { useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { type Column, DataTable } from "../../../components/ui/data-table.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { IconButton } from "../../../components/ui/icon-button.tsx";
import { Pagination } from "../../../components/ui/pagination.tsx";
import { errorText } from "../../../lib/error-messages.ts";
import { useCatalogEntries } from "../api/list-catalog-entries.ts";
import { CATALOG_KIND_TEXTS, CATALOG_TEXTS } from "../catalog-texts.ts";
import "../catalog.css";

interface CatalogTableProps {
  kind: CatalogKind;
  /** Part of the name; empty lists every entry. */
  query: string;
  /** Opens the add dialog, with a name to start from (the search that found nothing). */
  onAdd: (name: string) => void;
  onRename: (entry: CatalogEntry) => void;
  onRemove: (entry: CatalogEntry) => void;
  /** A copyright holder's licences (issue 32); absent for the other kinds. */
  onLicences?: ((entry: CatalogEntry) => void) | undefined;
}

/**
 * One kind's entries by name, 30 a page, each with how many tracks point at
 * it and its rename and remove buttons; a new search starts from page one.
 */
export function CatalogTable({
  kind,
  query,
  onAdd,
  onRename,
  onRemove,
  onLicences,
}: CatalogTableProps) {
  const texts = CATALOG_KIND_TEXTS[kind];
  const [paging, setPaging] = useState({ query, page: 0 });
  const page = paging.query === query ? paging.page : 0;
  const entries = useCatalogEntries({ kind, query, page });
  const totalPages = entries.data?.totalPages ?? 0;
  // A page emptied by removals (or by another content manager) gives way to the last one left.
  if (!entries.isPlaceholderData && page > 0 && entries.data && page >= totalPages) {
    setPaging({ query, page: Math.max(totalPages - 1, 0) });
  }

  const columns: readonly Column<CatalogEntry>[] = [
    {
      key: "name",
      header: CATALOG_TEXTS.nameColumn,
      render: (entry) => <span className="catalog-table__name">{entry.name}</span>,
    },
    {
      key: "songCount",
      header: CATALOG_TEXTS.songCountColumn,
      width: "7em",
      render: (entry) => entry.songCount,
    },
    {
      key: "actions",
      header: CATALOG_TEXTS.actionsColumn,
      width: onLicences ? "10em" : "7em",
      render: (entry) => (
        <div className="row-actions">
          {onLicences && (
            <IconButton
              icon="shield"
              label={`Лицензии «${entry.name}»`}
              title="Лицензии"
              onClick={() => onLicences(entry)}
            />
          )}
          <IconButton
            icon="edit"
            label={CATALOG_TEXTS.renameEntry(entry.name)}
            title={CATALOG_TEXTS.rename}
            onClick={() => onRename(entry)}
          />
          <IconButton
            icon="trash"
            label={CATALOG_TEXTS.removeEntry(entry.name)}
            title={CATALOG_TEXTS.remove}
            onClick={() => onRemove(entry)}
            danger
          />
        </div>
      ),
    },
  ];

  return (
    <div className="catalog-table" aria-busy={entries.isFetching}>
      <DataTable
        cards
        caption={texts.many}
        columns={columns}
        rows={entries.data?.data ?? []}
        rowKey={(entry) => entry.id}
        loading={entries.isPending}
        empty={
          entries.isError ? (
            <EmptyState icon="alert" title={CATALOG_TEXTS.loadFailed}>
              {errorText(entries.error)}
            </EmptyState>
          ) : query ? (
            <EmptyState
              icon="search"
              title={MESSAGES.nothingFound}
              action={
                <Button variant="secondary" icon="plus" onClick={() => onAdd(query)}>
                  {CATALOG_TEXTS.addFound(query)}
                </Button>
              }
            >
              {CATALOG_TEXTS.nothingFoundText}
            </EmptyState>
          ) : (
            <EmptyState
              icon="music"
              title={texts.emptyTitle}
              action={
                <Button icon="plus" onClick={() => onAdd("")}>
                  {texts.add}
                </Button>
              }
            >
              {texts.emptyText}
            </EmptyState>
          )
        }
      />
      <div className="table-footer">
        <span className="muted">{entries.data ? CATALOG_TEXTS.total(entries.data.total) : ""}</span>
        <Pagination
          page={page}
          totalPages={totalPages}
          onChange={(next) => setPaging({ query, page: next })}
        />
      </div>
    </div>
  );
}
