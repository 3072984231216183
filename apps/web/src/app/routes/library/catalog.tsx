import type { CatalogEntry, CatalogKind } from "@fonika/shared";
import { useCallback, useState } from "react";
import { Link, Navigate, useParams } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import { Page } from "../../../components/ui/page.tsx";
import { SearchBox } from "../../../components/ui/search-box.tsx";
import { pathTo } from "../../../config/paths.ts";
import { ROUTES } from "../../../config/routes.ts";
import { CATALOG_KIND_TEXTS, CATALOG_TEXTS } from "../../../features/catalog/catalog-texts.ts";
import { CatalogNameDialog } from "../../../features/catalog/components/catalog-name-dialog.tsx";
import { CatalogRemoveDialog } from "../../../features/catalog/components/catalog-remove-dialog.tsx";
import { CatalogTable } from "../../../features/catalog/components/catalog-table.tsx";
import { EndingLicences } from "../../../features/catalog/components/ending-licences.tsx";
import { HolderLicences } from "../../../features/catalog/components/holder-licences.tsx";
import { searchQueryOf, useUpdateSearchParams } from "../../../lib/use-list-params.ts";
import "./catalog.css";

/** The kinds in the order of the tabs, with the address segment each is opened by. */
const KINDS: readonly { kind: CatalogKind; segment: string }[] = [
  { kind: "author", segment: "authors" },
  { kind: "copyright-holder", segment: "copyright-holders" },
  { kind: "genre", segment: "genres" },
];

/** The kind an address segment opens: authors when there is none, undefined for an unknown one. */
function kindOf(segment: string | undefined): CatalogKind | undefined {
  if (segment === undefined) return "author";
  return KINDS.find((item) => item.segment === segment)?.kind;
}

type CatalogDialog =
  | { action: "add"; kind: CatalogKind; name: string }
  | { action: "rename" | "remove"; kind: CatalogKind; entry: CatalogEntry }
  | { action: "licences"; holder: { id: string; name: string } };

/**
 * `/catalog/:kind?` (content manager): the authors, copyright holders and
 * genres that tracks point at, one tab each. Each is searched by part of
 * its name (?query=), added, renamed and removed; a removal says first how
 * many tracks point at the entry. A copyright holder's licences open from
 * its row, and the licences ending within 30 days show above the holders
 * (issue 32).
 */
export default function CatalogScreen() {
  const { kind: segment } = useParams();
  const kind = kindOf(segment);
  const [searchParams, update] = useUpdateSearchParams();
  const query = searchQueryOf(searchParams);
  const handleSearch = useCallback((text: string) => update({ query: text }), [update]);
  const [dialog, setDialog] = useState<CatalogDialog | null>(null);
  const closeDialog = useCallback(() => setDialog(null), []);

  if (!kind) return <Navigate to={pathTo("Catalog")} replace />;
  const texts = CATALOG_KIND_TEXTS[kind];

  return (
    <Page
      title={ROUTES.Catalog.title}
      description={CATALOG_TEXTS.description}
      actions={
        <Button icon="plus" onClick={() => setDialog({ action: "add", kind, name: "" })}>
          {texts.add}
        </Button>
      }
    >
      <nav className="catalog-tabs" aria-label={CATALOG_TEXTS.kindsLabel}>
        {KINDS.map((item) => (
          <Link
            key={item.kind}
            to={pathTo("Catalog", { kind: item.segment })}
            className={`catalog-tabs__tab${item.kind === kind ? " is-active" : ""}`}
            aria-current={item.kind === kind ? "page" : undefined}
          >
            {CATALOG_KIND_TEXTS[item.kind].many}
          </Link>
        ))}
      </nav>
      {/* Each kind keeps its own search box and list: nothing of one shows under another's tab. */}
      <div className="list-toolbar" key={`search-${kind}`}>
        <SearchBox
          query={query}
          onSearch={handleSearch}
          label={texts.searchLabel}
          placeholder={texts.searchPlaceholder}
        />
      </div>
      {kind === "copyright-holder" && (
        <EndingLicences onOpen={(holder) => setDialog({ action: "licences", holder })} />
      )}
      <CatalogTable
        key={kind}
        kind={kind}
        query={query}
        onAdd={(name) => setDialog({ action: "add", kind, name })}
        onRename={(entry) => setDialog({ action: "rename", kind, entry })}
        onRemove={(entry) => setDialog({ action: "remove", kind, entry })}
        onLicences={
          kind === "copyright-holder"
            ? (entry) => setDialog({ action: "licences", holder: entry })
            : undefined
        }
      />
      {dialog?.action === "licences" && (
        <HolderLicences holder={dialog.holder} onClose={closeDialog} />
      )}
      {dialog?.action === "add" && (
        <CatalogNameDialog kind={dialog.kind} initialName={dialog.name} onClose={closeDialog} />
      )}
      {dialog?.action === "rename" && (
        <CatalogNameDialog kind={dialog.kind} entry={dialog.entry} onClose={closeDialog} />
      )}
      {dialog?.action === "remove" && (
        <CatalogRemoveDialog kind={dialog.kind} entry={dialog.entry} onClose={closeDialog} />
      )}
    </Page>
  );
}
