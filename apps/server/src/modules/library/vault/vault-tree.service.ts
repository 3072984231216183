import {
  depthAllowed,
  type LibraryEntry,
  type LibraryTreeNode,
  PARTITION_IDS,
  type TariffRef,
  type vaultApi,
} from "@fonika/shared";
import type { z } from "zod";
import type { Actor } from "../../../kernel/actor.ts";
import { AppError } from "../../../lib/app-error.ts";
import { toPage } from "../../../lib/paging.ts";
import type { LibraryStore } from "../store/library.store.ts";
import type { EntryRow } from "../store/vault-entries.repository.ts";
import { vaultErrors } from "./vault.errors.ts";
import { assertMayUseVault } from "./vault.policy.ts";
import {
  existingEntry,
  insertChild,
  lockedContainer,
  lockedEntry,
  presentEntries,
  single,
} from "./vault-entries.ts";

type ListQuery = z.output<NonNullable<typeof vaultApi.listEntries.query>>;

/**
 * The content manager's tree as it is read and shaped in place: the
 * partitions, a folder's page, the tree of folders, making folders,
 * renaming and ordering.
 */
export class VaultTreeService {
  constructor(
    private readonly store: LibraryStore,
    /** Which tariffs hold a playlist: a listing names them beside each playlist (issue 28). */
    private readonly tariffs: {
      tariffsHolding(playlistIds: readonly string[]): Promise<Map<string, TariffRef[]>>;
    },
  ) {}

  async partitions(actor: Actor): Promise<LibraryEntry[]> {
    assertMayUseVault(actor);
    const rows = await this.store.vaultEntries.findListedEntries([
      PARTITION_IDS.playlists,
      PARTITION_IDS.tracks,
      PARTITION_IDS.deleted,
    ]);
    return presentEntries(this.store, rows);
  }

  async list(actor: Actor, id: string, query: ListQuery) {
    assertMayUseVault(actor);
    const { store } = this;
    const entry = await existingEntry(store, id);
    const sortBy = query.sortBy ?? (entry.type === "version" ? "position" : "name");
    const { rows, total } = await store.vaultEntries.listChildren(id, {
      query: query.query,
      sortBy,
      order: query.order,
      limit: query.count,
      offset: query.page * query.count,
    });
    // The page, the entry and the path above it, read and presented at once.
    const above = await store.vaultEntries.findListedEntries([...entry.ancestors, id]);
    const presented = await presentEntries(store, [...rows, ...above]);
    const byId = new Map(presented.slice(rows.length).map((item) => [item.entryId, item]));
    const page = presented.slice(0, rows.length);
    const playlistIds = page.flatMap((item) =>
      item.entryType === "playlist" && item.playlistId ? [item.playlistId] : [],
    );
    const holding = playlistIds.length ? await this.tariffs.tariffsHolding(playlistIds) : null;
    return {
      ...toPage(
        holding
          ? page.map((item) =>
              item.entryType === "playlist" && item.playlistId
                ? { ...item, tariffs: holding.get(item.playlistId) ?? [] }
                : item,
            )
          : page,
        total,
        query.count,
      ),
      entry: byId.get(id) as LibraryEntry,
      path: entry.ancestors.flatMap((ancestor) => byId.get(ancestor) ?? []),
    };
  }

  /** The entry with its folders, playlists and versions (not tracks) below it. */
  async tree(actor: Actor, id: string): Promise<LibraryTreeNode> {
    assertMayUseVault(actor);
    const { store } = this;
    const entry = await existingEntry(store, id);
    const below = await store.vaultEntries.listTreeDescendants(id);
    const presented = await presentEntries(
      store,
      [entry, ...below].map((row) => ({ ...row, song: null })),
    );
    const nodes = new Map<string, LibraryTreeNode>(
      presented.map((item) => [item.entryId, { ...item, children: [] }]),
    );
    for (const node of nodes.values()) {
      if (node.entryId !== id && node.parentId) nodes.get(node.parentId)?.children.push(node);
    }
    return nodes.get(id) as LibraryTreeNode;
  }

  async makeFolder(actor: Actor, parentId: string, name: string): Promise<LibraryEntry> {
    assertMayUseVault(actor);
    return single(this.store, async (tx) => {
      const parent = await lockedContainer(tx, parentId, "folder");
      if (!depthAllowed(await tx.vaultEntries.folderDepth(parent), 0)) throw vaultErrors.tooDeep();
      if (await tx.vaultEntries.findNamedChild(parent.id, name)) {
        throw vaultErrors.duplicateName("folder");
      }
      return insertChild(tx, parent, { type: "folder", name });
    });
  }

  /** Renames a child of `parentId`; a playlist's row follows its entry. */
  async edit(actor: Actor, parentId: string, entryId: string, name: string): Promise<LibraryEntry> {
    assertMayUseVault(actor);
    return single(this.store, async (tx) => {
      const entry = await lockedEntry(tx, entryId);
      if (entry.parentId !== parentId) throw vaultErrors.notAChild();
      if (entry.type === "track") {
        throw new AppError(
          "validation-error",
          400,
          "Название трека меняется в его карточке",
          "A track is named by its song",
        );
      }
      const other = await tx.vaultEntries.findNamedChild(parentId, name);
      if (other && other.id !== entry.id && entry.partition !== "deleted") {
        throw vaultErrors.duplicateName(entry.type);
      }
      const renamed = await tx.vaultEntries.updateEntry(entry.id, { name });
      if (entry.playlistId) await tx.playlists.updatePlaylist(entry.playlistId, { name });
      return renamed as EntryRow;
    });
  }

  /** Puts every track of a version in the given order. */
  async order(actor: Actor, versionId: string, ids: readonly string[]): Promise<LibraryEntry[]> {
    assertMayUseVault(actor);
    const rows = await this.store.withTx(async (tx) => {
      const version = await lockedEntry(tx, versionId);
      if (version.type !== "version") throw vaultErrors.notTracks();
      const { rows: tracks } = await tx.vaultEntries.listChildren(version.id, {
        sortBy: "position",
        order: "asc",
        limit: 100_000,
        offset: 0,
      });
      const have = new Set(tracks.map((track) => track.id));
      if (
        ids.length !== have.size ||
        new Set(ids).size !== ids.length ||
        ids.some((id) => !have.has(id))
      ) {
        throw vaultErrors.notTracks();
      }
      await tx.vaultEntries.setPositions(ids);
      return tx.vaultEntries.findListedEntries(ids);
    });
    return presentEntries(this.store, rows);
  }
}
