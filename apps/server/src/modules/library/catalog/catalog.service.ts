import type { CatalogEntry, CatalogKind } from "@fonika/shared";
import type { Database } from "../../../db/client.ts";
import { type Page, toPage } from "../../../lib/paging.ts";
import type { Actor } from "../../../plugins/auth.ts";
import type { FileStore } from "../../../storage/file-store.ts";
import { listAttachmentKeys } from "./author-attachments.repository.ts";
import { forgetDocumentsIfUnused } from "./author-attachments.service.ts";
import { catalogErrors } from "./catalog.errors.ts";
import { assertMayEditCatalog } from "./catalog.policy.ts";
import {
  countSongsOf,
  deleteEntry,
  type EntryRow,
  type EntrySearch,
  findEntry,
  insertEntry,
  listEntries,
  lockEntry,
  renameEntry,
} from "./catalog.repository.ts";

export interface CatalogDependencies {
  db: Database;
  files: FileStore;
}

/**
 * The catalog's authors, copyright holders and genres: search, add, read,
 * rename, remove. Each entry is shown with how many songs point at it.
 */
export class CatalogService {
  constructor(private readonly deps: CatalogDependencies) {}

  /** A page of the kind's entries whose name holds the text (any case, ё = е), by name. */
  async list(_actor: Actor, kind: CatalogKind, search: EntrySearch): Promise<Page<CatalogEntry>> {
    const { rows, total } = await listEntries(this.deps.db, kind, search);
    return toPage(await this.present(kind, rows), total, search.limit);
  }

  async get(_actor: Actor, kind: CatalogKind, id: string): Promise<CatalogEntry> {
    const row = await findEntry(this.deps.db, kind, id);
    if (!row) throw catalogErrors.entryNotFound(kind);
    return this.presentOne(kind, row);
  }

  /** Adds an entry; a name another entry of the kind has (in any letter case) is refused. */
  async add(actor: Actor, kind: CatalogKind, name: string): Promise<CatalogEntry> {
    assertMayEditCatalog(actor);
    const row = await insertEntry(this.deps.db, kind, name);
    if (!row) throw catalogErrors.duplicateName(kind);
    return { ...row, songCount: 0 };
  }

  /** Renames an entry (its own name in another letter case is allowed). */
  async change(actor: Actor, kind: CatalogKind, id: string, name: string): Promise<CatalogEntry> {
    assertMayEditCatalog(actor);
    const row = await renameEntry(this.deps.db, kind, id, name);
    if (row === "taken") throw catalogErrors.duplicateName(kind);
    if (!row) throw catalogErrors.entryNotFound(kind);
    return this.presentOne(kind, row);
  }

  /**
   * Removes an entry for good: songs that pointed at it point at none (the
   * database's `on delete set null`). An author's documents go with it,
   * their files too unless another author keeps the same content.
   */
  async remove(actor: Actor, kind: CatalogKind, id: string): Promise<void> {
    assertMayEditCatalog(actor);
    await this.deps.db.transaction(async (tx) => {
      // Locked first: no document can be attached between reading the keys and the delete.
      if (!(await lockEntry(tx, kind, id))) throw catalogErrors.entryNotFound(kind);
      const keys = kind === "author" ? await listAttachmentKeys(tx, id) : [];
      await deleteEntry(tx, kind, id);
      await forgetDocumentsIfUnused(tx, this.deps.files, keys);
    });
  }

  private async present(kind: CatalogKind, rows: EntryRow[]): Promise<CatalogEntry[]> {
    const counts = await countSongsOf(
      this.deps.db,
      kind,
      rows.map((row) => row.id),
    );
    return rows.map((row) => ({ id: row.id, name: row.name, songCount: counts.get(row.id) ?? 0 }));
  }

  private async presentOne(kind: CatalogKind, row: EntryRow): Promise<CatalogEntry> {
    const counts = await countSongsOf(this.deps.db, kind, [row.id]);
    return { id: row.id, name: row.name, songCount: counts.get(row.id) ?? 0 };
  }
}
