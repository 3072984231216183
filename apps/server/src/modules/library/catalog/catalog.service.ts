import type { CatalogEntry, CatalogKind } from "@fonika/shared";
import type { Actor } from "../../../kernel/actor.ts";
import { type Page, toPage } from "../../../lib/paging.ts";
import type { FileStore } from "../../../storage/file-store.ts";
import type { EntryRow, EntrySearch } from "../store/catalog.repository.ts";
import type { LibraryStore } from "../store/library.store.ts";
import { forgetDocumentsIfUnused } from "./author-attachments.service.ts";
import { catalogErrors } from "./catalog.errors.ts";
import { assertMayEditCatalog } from "./catalog.policy.ts";

export interface CatalogDependencies {
  store: LibraryStore;
  files: FileStore;
}

/**
 * The catalog's authors, copyright holders and genres: search, add, read,
 * rename, remove. Each entry is shown with how many songs point at it.
 */
export class CatalogService {
  private readonly store: LibraryStore;

  constructor(private readonly deps: CatalogDependencies) {
    this.store = deps.store;
  }

  /** A page of the kind's entries whose name holds the text (any case, ё = е), by name. */
  async list(_actor: Actor, kind: CatalogKind, search: EntrySearch): Promise<Page<CatalogEntry>> {
    const { rows, total } = await this.store.catalog.listEntries(kind, search);
    return toPage(await this.present(kind, rows), total, search.limit);
  }

  async get(_actor: Actor, kind: CatalogKind, id: string): Promise<CatalogEntry> {
    const row = await this.store.catalog.findEntry(kind, id);
    if (!row) throw catalogErrors.entryNotFound(kind);
    return this.presentOne(kind, row);
  }

  /** Adds an entry; a name another entry of the kind has (in any letter case) is refused. */
  async add(actor: Actor, kind: CatalogKind, name: string): Promise<CatalogEntry> {
    assertMayEditCatalog(actor);
    const row = await this.store.catalog.insertEntry(kind, name);
    if (!row) throw catalogErrors.duplicateName(kind);
    return { ...row, songCount: 0 };
  }

  /** Renames an entry (its own name in another letter case is allowed). */
  async change(actor: Actor, kind: CatalogKind, id: string, name: string): Promise<CatalogEntry> {
    assertMayEditCatalog(actor);
    const row = await this.store.catalog.renameEntry(kind, id, name);
    if (row === "taken") throw catalogErrors.duplicateName(kind);
    if (!row) throw catalogErrors.entryNotFound(kind);
    return this.presentOne(kind, row);
  }

  /**
   * Removes an entry for good: songs that pointed at it point at none (the
   * database's `on delete set null`). An author's documents, a holder's
   * licences with theirs, go with it; their files too unless another row
   * keeps the same content.
   */
  async remove(actor: Actor, kind: CatalogKind, id: string): Promise<void> {
    assertMayEditCatalog(actor);
    await this.store.withTx(async (tx) => {
      // Locked first: no document can be attached between reading the keys and the delete.
      if (!(await tx.catalog.lockEntry(kind, id))) throw catalogErrors.entryNotFound(kind);
      const keys =
        kind === "author"
          ? await tx.authorAttachments.listAttachmentKeys(id)
          : kind === "copyright-holder"
            ? await tx.licences.listLicenceKeys(id)
            : [];
      await tx.catalog.deleteEntry(kind, id);
      await forgetDocumentsIfUnused(tx, this.deps.files, keys);
    });
  }

  private async present(kind: CatalogKind, rows: EntryRow[]): Promise<CatalogEntry[]> {
    const counts = await this.store.catalog.countSongsOf(
      kind,
      rows.map((row) => row.id),
    );
    return rows.map((row) => ({ id: row.id, name: row.name, songCount: counts.get(row.id) ?? 0 }));
  }

  private async presentOne(kind: CatalogKind, row: EntryRow): Promise<CatalogEntry> {
    const counts = await this.store.catalog.countSongsOf(kind, [row.id]);
    return { id: row.id, name: row.name, songCount: counts.get(row.id) ?? 0 };
  }
}
