import {
  type ConflictPolicy,
  type EntriesResult,
  type EntryType,
  type FailedEntry,
  INPUT,
  LIBRARY,
  type LibraryEntry,
  type LibraryTreeNode,
  PARTITION_IDS,
  type vaultApi,
} from "@fonika/shared";
import type { z } from "zod";
import type { Database, Executor } from "../../../db/client.ts";
import { AppError } from "../../../lib/app-error.ts";
import { toPage } from "../../../lib/paging.ts";
import type { Actor } from "../../../plugins/auth.ts";
import { vaultErrors } from "./vault.errors.ts";
import { assertMayUseVault } from "./vault.policy.ts";
import type { EntryRow, ListedEntry, Totals } from "./vault.repository.ts";
import * as repository from "./vault.repository.ts";
import { depthAllowed, mayCrossPartitions, mayHold, numberedName } from "./vault.rules.ts";

/**
 * What the vault needs of playlist rows (the playlists module owns them):
 * their names, trash state and current version follow the tree.
 */
export interface PlaylistRecords {
  currentVersionIds(db: Executor, playlistIds: readonly string[]): Promise<Set<string>>;
  currentVersionOf(db: Executor, playlistId: string): Promise<string | null>;
  setCurrentVersion(db: Executor, playlistId: string, versionId: string | null): Promise<void>;
  rename(db: Executor, playlistId: string, name: string): Promise<void>;
  setDeleted(db: Executor, playlistIds: readonly string[], deleted: boolean): Promise<void>;
  /** A new playlist row like this one (name given); answers its id. */
  copy(db: Executor, playlistId: string, name: string): Promise<string>;
  /** Deletes playlist rows for good (their entries are already gone). */
  purge(db: Executor, playlistIds: readonly string[]): Promise<void>;
}

/** What the vault needs of songs (the songs module owns them) to make tracks. */
export interface SongFacts {
  findForTracks(
    db: Executor,
    songIds: readonly string[],
  ): Promise<
    Map<string, { title: string; artists: string[]; sizeBytes: number; durationMs: number }>
  >;
}

export interface VaultDependencies {
  db: Database;
  playlists: PlaylistRecords;
  songs: SongFacts;
}

type ListQuery = z.output<NonNullable<typeof vaultApi.listEntries.query>>;

const TRASH_ID = PARTITION_IDS.deleted;

const totalsOf = (entry: EntryRow): Totals => ({
  sizeBytes: entry.sizeBytes,
  tracksCount: entry.tracksCount,
  tracksDurationMs: entry.tracksDurationMs,
});
const negative = (totals: Totals): Totals => ({
  sizeBytes: -totals.sizeBytes,
  tracksCount: -totals.tracksCount,
  tracksDurationMs: -totals.tracksDurationMs,
});
/** An entry and its ancestors: whose totals change when something is put into it. */
const chainOf = (entry: EntryRow) => [...entry.ancestors, entry.id];

/**
 * The content manager's tree. Every operation on many entries is atomic per
 * entry (its own transaction): a failure is reported in failedEntries and
 * never half-applies. Totals (size, tracks, duration) of every entry above a
 * change are updated in the same transaction.
 */
export class VaultService {
  constructor(private readonly deps: VaultDependencies) {}

  async partitions(actor: Actor): Promise<LibraryEntry[]> {
    assertMayUseVault(actor);
    const rows = await repository.findListedEntries(this.deps.db, [
      PARTITION_IDS.playlists,
      PARTITION_IDS.tracks,
      PARTITION_IDS.deleted,
    ]);
    return this.present(this.deps.db, rows);
  }

  async list(actor: Actor, id: string, query: ListQuery) {
    assertMayUseVault(actor);
    const { db } = this.deps;
    const entry = await this.entry(db, id);
    const sortBy = query.sortBy ?? (entry.type === "version" ? "position" : "name");
    const { rows, total } = await repository.listChildren(db, id, {
      query: query.query,
      sortBy,
      order: query.order,
      limit: query.count,
      offset: query.page * query.count,
    });
    // The page, the entry and the path above it, read and presented at once.
    const above = await repository.findListedEntries(db, [...entry.ancestors, id]);
    const presented = await this.present(db, [...rows, ...above]);
    const byId = new Map(presented.slice(rows.length).map((item) => [item.entryId, item]));
    return {
      ...toPage(presented.slice(0, rows.length), total, query.count),
      entry: byId.get(id) as LibraryEntry,
      path: entry.ancestors.flatMap((ancestor) => byId.get(ancestor) ?? []),
    };
  }

  /** The entry with its folders, playlists and versions (not tracks) below it. */
  async tree(actor: Actor, id: string): Promise<LibraryTreeNode> {
    assertMayUseVault(actor);
    const { db } = this.deps;
    const entry = await this.entry(db, id);
    const below = await repository.listTreeDescendants(db, id);
    const presented = await this.present(
      db,
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
    return this.single(async (tx) => {
      const parent = await this.lockedContainer(tx, parentId, "folder");
      if (!depthAllowed(await repository.folderDepth(tx, parent), 0)) throw vaultErrors.tooDeep();
      if (await repository.findNamedChild(tx, parent.id, name))
        throw vaultErrors.duplicateName("folder");
      return this.insertChild(tx, parent, { type: "folder", name });
    });
  }

  /**
   * Places a playlist row into a folder (or the Playlists root) as a new
   * playlist entry. The playlists module calls it when a playlist is made.
   */
  async placePlaylist(
    tx: Executor,
    parentId: string,
    playlist: { id: string; name: string },
  ): Promise<EntryRow> {
    const parent = await this.lockedContainer(tx, parentId, "playlist");
    if (await repository.findNamedChild(tx, parent.id, playlist.name)) {
      throw vaultErrors.duplicateName("playlist");
    }
    return this.insertChild(tx, parent, {
      type: "playlist",
      name: playlist.name,
      playlistId: playlist.id,
    });
  }

  async makePlaylist(
    actor: Actor,
    parentId: string,
    playlist: { id: string; name: string; entryId: string | null } | undefined,
  ): Promise<LibraryEntry> {
    assertMayUseVault(actor);
    if (!playlist) throw vaultErrors.playlistNotFound();
    if (playlist.entryId) throw vaultErrors.playlistPlaced();
    return this.single((tx) => this.placePlaylist(tx, parentId, playlist));
  }

  async makeVersion(actor: Actor, playlistEntryId: string, name?: string): Promise<LibraryEntry> {
    assertMayUseVault(actor);
    return this.single(async (tx) => {
      const parent = await this.lockedContainer(tx, playlistEntryId, "version");
      const taken = await repository.siblingNames(tx, parent.id);
      let versionName = name ?? `Версия ${taken.size + 1}`;
      if (taken.has(versionName.toLowerCase())) {
        if (name) throw vaultErrors.duplicateName("version");
        versionName = numberedName("Версия", taken);
      }
      const version = await this.insertChild(tx, parent, { type: "version", name: versionName });
      await this.ensureCurrentVersion(tx, parent);
      return version;
    });
  }

  /** Adds songs as tracks of a Tracks folder or of a version, each on its own. */
  async makeSongs(
    actor: Actor,
    targetId: string,
    songIds: readonly string[],
    policy: ConflictPolicy,
  ): Promise<EntriesResult> {
    assertMayUseVault(actor);
    return this.addTracks(targetId, songIds, policy);
  }

  /**
   * The operator's import (`npm run import`): the folder of the Tracks
   * partition at this path of names, made where missing. A path deeper than
   * folders may go is kept by naming the deepest allowed folder after the
   * rest ('a / b'). No actor: never reachable over HTTP.
   */
  async importFolder(names: readonly string[]): Promise<string> {
    const limit = LIBRARY.maxFolderDepth;
    const path =
      names.length > limit
        ? [...names.slice(0, limit - 1), names.slice(limit - 1).join(" / ")]
        : names;
    let parentId = PARTITION_IDS.tracks;
    for (const name of path.map((part) => part.trim().slice(0, INPUT.defaultMax)).filter(Boolean)) {
      const current = parentId;
      parentId = await this.deps.db.transaction(async (tx) => {
        const parent = await this.lockedContainer(tx, current, "folder");
        const existing = await repository.findNamedChild(tx, parent.id, name);
        if (existing?.type === "folder") return existing.id;
        const taken = existing
          ? numberedName(name, await repository.siblingNames(tx, parent.id))
          : name;
        return (await this.insertChild(tx, parent, { type: "folder", name: taken })).id;
      });
    }
    return parentId;
  }

  /**
   * The operator's import: songs as tracks of a folder, in one transaction
   * (an import commits per batch, and a batch run again adds nothing); a
   * song already in the folder is skipped. Answers the songs newly placed.
   */
  async importTracks(folderId: string, songIds: readonly string[]): Promise<Set<string>> {
    return this.deps.db.transaction(async (tx) => {
      const folder = await this.lockedContainer(tx, folderId, "track");
      const there = new Set(
        (await repository.findTracksOfSongs(tx, folder.id, songIds)).map((track) => track.songId),
      );
      const wanted = [...new Set(songIds)].filter((id) => !there.has(id));
      const songs = await this.deps.songs.findForTracks(tx, wanted);
      const first = await repository.nextPosition(tx, folder.id);
      const rows = wanted.flatMap((songId) => {
        const song = songs.get(songId);
        return song ? [{ songId, ...song }] : [];
      });
      await repository.insertEntries(
        tx,
        rows.map((song, index) => ({
          type: "track" as const,
          partition: folder.partition,
          parentId: folder.id,
          ancestors: chainOf(folder),
          name: song.title,
          artists: repository.artistsOfTrack(song.artists),
          songId: song.songId,
          position: first + index,
          sizeBytes: song.sizeBytes,
          tracksCount: 1,
          tracksDurationMs: song.durationMs,
        })),
      );
      await repository.addTotals(tx, chainOf(folder), {
        sizeBytes: rows.reduce((total, song) => total + song.sizeBytes, 0),
        tracksCount: rows.length,
        tracksDurationMs: rows.reduce((total, song) => total + song.durationMs, 0),
      });
      return new Set(rows.map((song) => song.songId));
    });
  }

  private async addTracks(
    targetId: string,
    songIds: readonly string[],
    policy: ConflictPolicy,
  ): Promise<EntriesResult> {
    await this.entry(this.deps.db, targetId);
    return this.each(
      songIds,
      async (tx, songId) => {
        const target = await this.lockedContainer(tx, targetId, "track");
        const song = (await this.deps.songs.findForTracks(tx, [songId])).get(songId);
        if (!song) throw vaultErrors.songNotFound();
        const existing = await repository.findTracksOfSongs(tx, target.id, [songId]);
        if (existing.length > 0) {
          if (policy === "nothing") throw vaultErrors.duplicateTrack();
          if (policy === "overwrite") for (const track of existing) await this.trash(tx, track);
        }
        return this.insertChild(
          tx,
          target,
          {
            type: "track",
            name: song.title,
            artists: repository.artistsOfTrack(song.artists),
            songId,
          },
          { sizeBytes: song.sizeBytes, tracksCount: 1, tracksDurationMs: song.durationMs },
        );
      },
      async (songId) =>
        (await this.deps.songs.findForTracks(this.deps.db, [songId])).get(songId)?.title ?? null,
    );
  }

  /** Moves children of `parentId` to the trash. */
  async delete(actor: Actor, parentId: string, ids: readonly string[]): Promise<EntriesResult> {
    assertMayUseVault(actor);
    await this.entry(this.deps.db, parentId);
    return this.each(ids, async (tx, id) => {
      const entry = await this.lockedEntry(tx, id);
      if (entry.parentId !== parentId) throw vaultErrors.notAChild();
      if (entry.partition === "deleted") throw vaultErrors.notInTrash();
      return this.trash(tx, entry);
    });
  }

  /** Deletes entries in the trash for good; songs stay in the library. */
  async deleteForever(
    actor: Actor,
    parentId: string,
    ids: readonly string[],
  ): Promise<EntriesResult> {
    assertMayUseVault(actor);
    await this.entry(this.deps.db, parentId);
    const result = await this.each(ids, async (tx, id) => {
      const entry = await this.lockedEntry(tx, id);
      if (entry.partition !== "deleted" || entry.type === "partition")
        throw vaultErrors.notInTrash();
      const below = await repository.listDescendants(tx, entry.id);
      await repository.addTotals(tx, entry.ancestors, negative(totalsOf(entry)));
      await repository.deleteEntry(tx, entry.id);
      const playlistIds = [entry, ...below].flatMap((row) =>
        row.playlistId ? [row.playlistId] : [],
      );
      await this.deps.playlists.purge(tx, playlistIds);
      return undefined;
    });
    return result;
  }

  /** Puts an entry from the trash back where it was, or into its partition root. */
  async restore(actor: Actor, id: string): Promise<LibraryEntry> {
    assertMayUseVault(actor);
    return this.single(async (tx) => {
      const entry = await this.lockedEntry(tx, id);
      if (entry.parentId !== TRASH_ID || !entry.originPartition) throw vaultErrors.notInTrash();
      const partition = entry.originPartition;
      const origin = entry.originParentId
        ? await repository.lockEntry(tx, entry.originParentId)
        : undefined;
      const target =
        origin &&
        origin.partition !== "deleted" &&
        mayHold(origin.partition, origin.type, entry.type)
          ? origin
          : await this.lockedEntry(tx, PARTITION_IDS[partition]);
      if (!mayHold(partition, target.type, entry.type)) {
        throw vaultErrors.composition(entry.type, target.type, partition);
      }
      const name = await this.freeName(tx, target, entry, "both");
      await this.relocate(tx, entry, target, {
        name,
        partition,
        originParentId: null,
        originPartition: null,
        deletedAt: null,
      });
      await this.afterArrival(tx, entry, target, false);
      return repository.findEntry(tx, entry.id) as Promise<EntryRow>;
    });
  }

  async move(
    actor: Actor,
    targetId: string,
    ids: readonly string[],
    policy: ConflictPolicy,
  ): Promise<EntriesResult> {
    return this.transfer(actor, targetId, ids, async (tx, entry, target) => {
      if (entry.parentId === target.id) return entry;
      await this.assertMayPut(tx, entry, target);
      const name = await this.freeName(tx, target, entry, policy);
      const from = entry.parentId ? await repository.findEntry(tx, entry.parentId) : undefined;
      await this.relocate(tx, entry, target, {
        name,
        partition: target.partition,
        position: await repository.nextPosition(tx, target.id),
      });
      if (from) await this.afterDeparture(tx, entry, from);
      await this.afterArrival(tx, entry, target, false);
      return repository.findEntry(tx, entry.id) as Promise<EntryRow>;
    });
  }

  /** Moves or copies each entry into the target, each in its own transaction with both locked. */
  private async transfer(
    actor: Actor,
    targetId: string,
    ids: readonly string[],
    work: (tx: Executor, entry: EntryRow, target: EntryRow) => Promise<EntryRow>,
  ): Promise<EntriesResult> {
    assertMayUseVault(actor);
    await this.entry(this.deps.db, targetId);
    return this.each(ids, async (tx, id) => {
      const target = await this.lockedEntry(tx, targetId);
      const entry = await this.lockedEntry(tx, id);
      return work(tx, entry, target);
    });
  }

  async copy(
    actor: Actor,
    targetId: string,
    ids: readonly string[],
    policy: ConflictPolicy,
  ): Promise<EntriesResult> {
    return this.transfer(actor, targetId, ids, async (tx, entry, target) => {
      await this.assertMayPut(tx, entry, target);
      const name = await this.freeName(tx, target, entry, policy, true);
      const copied = await this.copySubtree(tx, entry, target, name);
      await this.afterArrival(tx, copied, target, true);
      return copied;
    });
  }

  /** Renames a child of `parentId`; a playlist's row follows its entry. */
  async edit(actor: Actor, parentId: string, entryId: string, name: string): Promise<LibraryEntry> {
    assertMayUseVault(actor);
    return this.single(async (tx) => {
      const entry = await this.lockedEntry(tx, entryId);
      if (entry.parentId !== parentId) throw vaultErrors.notAChild();
      if (entry.type === "track") {
        throw new AppError(
          "validation-error",
          400,
          "Название трека меняется в его карточке",
          "A track is named by its song",
        );
      }
      const other = await repository.findNamedChild(tx, parentId, name);
      if (other && other.id !== entry.id && entry.partition !== "deleted") {
        throw vaultErrors.duplicateName(entry.type);
      }
      const renamed = await repository.updateEntry(tx, entry.id, { name });
      if (entry.playlistId) await this.deps.playlists.rename(tx, entry.playlistId, name);
      return renamed as EntryRow;
    });
  }

  /** Puts every track of a version in the given order. */
  async order(actor: Actor, versionId: string, ids: readonly string[]): Promise<LibraryEntry[]> {
    assertMayUseVault(actor);
    const rows = await this.deps.db.transaction(async (tx) => {
      const version = await this.lockedEntry(tx, versionId);
      if (version.type !== "version") throw vaultErrors.notTracks();
      const { rows: tracks } = await repository.listChildren(tx, version.id, {
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
      await repository.setPositions(tx, ids);
      return repository.findListedEntries(tx, ids);
    });
    return this.present(this.deps.db, rows);
  }

  /** Gives a song's tracks its new title and artists (the songs module's meta change). */
  async followSong(songId: string, song: { title: string; artists: string[] }): Promise<void> {
    await repository.followSong(this.deps.db, songId, {
      name: song.title,
      artists: repository.artistsOfTrack(song.artists),
    });
  }

  /** Moves a playlist's entry to the trash (the playlists module's remove). */
  async trashPlaylist(tx: Executor, playlistEntryId: string): Promise<void> {
    const entry = await this.lockedEntry(tx, playlistEntryId);
    if (entry.partition !== "deleted") await this.trash(tx, entry);
  }

  /** Presents entries as the API shows them (versions know whether they are current). */
  async present(db: Executor, rows: ReadonlyArray<ListedEntry | (EntryRow & { song: null })>) {
    const versionParents = [
      ...new Set(rows.filter((row) => row.type === "version").map((row) => row.parentId as string)),
    ];
    const parents = await repository.findEntries(db, versionParents);
    const current = await this.deps.playlists.currentVersionIds(
      db,
      parents.flatMap((parent) => (parent.playlistId ? [parent.playlistId] : [])),
    );
    return rows.map((row) => presentEntry(row, current));
  }

  // --- the parts every operation is made of ---

  private async entry(db: Executor, id: string): Promise<EntryRow> {
    const entry = await repository.findEntry(db, id);
    if (!entry) throw vaultErrors.entryNotFound();
    return entry;
  }

  private async lockedEntry(tx: Executor, id: string): Promise<EntryRow> {
    const entry = await repository.lockEntry(tx, id);
    if (!entry) throw vaultErrors.entryNotFound();
    return entry;
  }

  /** The entry that is to receive a child of `childType`, locked, or the composition error. */
  private async lockedContainer(tx: Executor, id: string, childType: EntryType): Promise<EntryRow> {
    const parent = await this.lockedEntry(tx, id);
    if (!mayHold(parent.partition, parent.type, childType)) {
      throw vaultErrors.composition(childType, parent.type, parent.partition);
    }
    return parent;
  }

  private async insertChild(
    tx: Executor,
    parent: EntryRow,
    child: {
      type: EntryType;
      name: string;
      artists?: string;
      songId?: string;
      playlistId?: string;
    },
    totals: Totals = { sizeBytes: 0, tracksCount: 0, tracksDurationMs: 0 },
  ): Promise<EntryRow> {
    const [row] = await repository.insertEntries(tx, [
      {
        ...child,
        partition: parent.partition,
        parentId: parent.id,
        ancestors: chainOf(parent),
        position: await repository.nextPosition(tx, parent.id),
        ...totals,
      },
    ]);
    await repository.addTotals(tx, chainOf(parent), totals);
    return row as EntryRow;
  }

  /** The checks of putting `entry` into `target` (move or copy), throwing the first that fails. */
  private async assertMayPut(tx: Executor, entry: EntryRow, target: EntryRow): Promise<void> {
    if (entry.type === "partition") throw vaultErrors.partitionFixed();
    if (entry.partition === "deleted") throw vaultErrors.notInTrash();
    if (target.id === entry.id || target.ancestors.includes(entry.id))
      throw vaultErrors.intoItself();
    const partition = target.partition;
    if (
      !mayHold(partition, target.type, entry.type) ||
      !mayCrossPartitions(entry.type, entry.partition, partition)
    ) {
      throw vaultErrors.composition(entry.type, target.type, partition);
    }
    if (entry.type === "folder") {
      const folders = await repository.listDescendants(tx, entry.id, "folder");
      const folderIds = new Set([entry.id, ...folders.map((folder) => folder.id)]);
      const deepest = Math.max(
        0,
        ...folders.map(
          (folder) => folder.ancestors.filter((ancestor) => folderIds.has(ancestor)).length,
        ),
      );
      if (!depthAllowed(await repository.folderDepth(tx, target), deepest))
        throw vaultErrors.tooDeep();
    }
  }

  /**
   * The name `entry` will have in `target` under the policy: its own when
   * free; nothing → the duplicate error; both → a numbered name; overwrite →
   * the one there goes to the trash (never the original of a copy). Tracks
   * clash by song, not by name.
   */
  private async freeName(
    tx: Executor,
    target: EntryRow,
    entry: EntryRow,
    policy: ConflictPolicy,
    copying = false,
  ): Promise<string> {
    // A copy clashes with its own original too; a moved entry does not clash with itself.
    const clashes = (row: EntryRow) => copying || row.id !== entry.id;
    if (entry.type === "track") {
      const existing = (
        await repository.findTracksOfSongs(tx, target.id, [entry.songId as string])
      ).filter(clashes);
      if (existing.length > 0 && policy === "nothing") throw vaultErrors.duplicateTrack();
      if (policy === "overwrite") {
        for (const track of existing) if (track.id !== entry.id) await this.trash(tx, track);
      }
      return entry.name;
    }
    const existing = await repository.findNamedChild(tx, target.id, entry.name);
    if (!existing || !clashes(existing) || target.partition === "deleted") return entry.name;
    if (policy === "nothing") throw vaultErrors.duplicateName(entry.type);
    // Overwriting an original with its own copy would only lose it: keep both.
    if (policy === "overwrite" && existing.id !== entry.id) {
      await this.trash(tx, existing);
      return entry.name;
    }
    return numberedName(entry.name, await repository.siblingNames(tx, target.id));
  }

  /** Moves a subtree and its totals from where it is to under `target`. */
  private async relocate(
    tx: Executor,
    entry: EntryRow,
    target: EntryRow,
    change: Parameters<typeof repository.moveSubtree>[3],
  ): Promise<void> {
    await repository.addTotals(tx, entry.ancestors, negative(totalsOf(entry)));
    await repository.moveSubtree(tx, entry, target, change);
    await repository.addTotals(tx, chainOf(target), totalsOf(entry));
  }

  private async trash(tx: Executor, entry: EntryRow): Promise<EntryRow> {
    if (entry.type === "partition") throw vaultErrors.partitionFixed();
    const trashRoot = await this.lockedEntry(tx, TRASH_ID);
    const from = entry.parentId ? await repository.findEntry(tx, entry.parentId) : undefined;
    await this.relocate(tx, entry, trashRoot, {
      partition: "deleted",
      originParentId: entry.parentId,
      originPartition: entry.partition,
      deletedAt: new Date(),
      position: await repository.nextPosition(tx, TRASH_ID),
    });
    const below = await repository.listDescendants(tx, entry.id);
    const playlistIds = [entry, ...below].flatMap((row) =>
      row.playlistId ? [row.playlistId] : [],
    );
    await this.deps.playlists.setDeleted(tx, playlistIds, true);
    if (from) await this.afterDeparture(tx, entry, from);
    return repository.findEntry(tx, entry.id) as Promise<EntryRow>;
  }

  /** A version that left its playlist: the playlist plays another one (or none). */
  private async afterDeparture(tx: Executor, entry: EntryRow, from: EntryRow): Promise<void> {
    if (entry.type !== "version" || from.type !== "playlist" || !from.playlistId) return;
    if ((await this.deps.playlists.currentVersionOf(tx, from.playlistId)) !== entry.id) return;
    const { rows } = await repository.listChildren(tx, from.id, {
      sortBy: "position",
      order: "asc",
      limit: 1,
      offset: 0,
    });
    await this.deps.playlists.setCurrentVersion(tx, from.playlistId, rows[0]?.id ?? null);
  }

  /** What arriving under `target` means beyond the tree: playlists live again, versions may be played. */
  private async afterArrival(tx: Executor, entry: EntryRow, target: EntryRow, copied: boolean) {
    if (!copied) {
      const below = await repository.listDescendants(tx, entry.id);
      const playlistIds = [entry, ...below].flatMap((row) =>
        row.playlistId ? [row.playlistId] : [],
      );
      if (target.partition !== "deleted")
        await this.deps.playlists.setDeleted(tx, playlistIds, false);
    }
    if (entry.type === "version" && target.type === "playlist")
      await this.ensureCurrentVersion(tx, target);
  }

  /** A playlist with versions and none current gets its first one. */
  private async ensureCurrentVersion(tx: Executor, playlistEntry: EntryRow): Promise<void> {
    if (!playlistEntry.playlistId) return;
    if (await this.deps.playlists.currentVersionOf(tx, playlistEntry.playlistId)) return;
    const { rows } = await repository.listChildren(tx, playlistEntry.id, {
      sortBy: "position",
      order: "asc",
      limit: 1,
      offset: 0,
    });
    if (rows[0])
      await this.deps.playlists.setCurrentVersion(tx, playlistEntry.playlistId, rows[0].id);
  }

  /** Copies an entry and everything below it under `target`; playlists get new rows. */
  private async copySubtree(tx: Executor, entry: EntryRow, target: EntryRow, name: string) {
    const below = await repository.listDescendants(tx, entry.id);
    const newIds = new Map<string, string>();
    for (const row of [entry, ...below]) newIds.set(row.id, crypto.randomUUID());
    const copiedPlaylists = new Map<string, string>();
    for (const row of [entry, ...below]) {
      if (row.playlistId) {
        const copyName = row.id === entry.id ? name : row.name;
        copiedPlaylists.set(
          row.playlistId,
          await this.deps.playlists.copy(tx, row.playlistId, copyName),
        );
      }
    }
    const prefix = chainOf(target);
    const keep = entry.ancestors.length;
    const position = await repository.nextPosition(tx, target.id);
    await repository.insertEntries(
      tx,
      [entry, ...below].map((row) => ({
        id: newIds.get(row.id) as string,
        type: row.type,
        partition: target.partition,
        parentId: row.id === entry.id ? target.id : (newIds.get(row.parentId as string) as string),
        ancestors: [...prefix, ...row.ancestors.slice(keep).map((id) => newIds.get(id) as string)],
        name: row.id === entry.id ? name : row.name,
        artists: row.artists,
        songId: row.songId,
        playlistId: row.playlistId ? (copiedPlaylists.get(row.playlistId) as string) : null,
        position: row.id === entry.id ? position : row.position,
        sizeBytes: row.sizeBytes,
        tracksCount: row.tracksCount,
        tracksDurationMs: row.tracksDurationMs,
      })),
    );
    for (const [original, copyId] of copiedPlaylists) {
      const current = await this.deps.playlists.currentVersionOf(tx, original);
      await this.deps.playlists.setCurrentVersion(
        tx,
        copyId,
        current ? (newIds.get(current) ?? null) : null,
      );
    }
    await repository.addTotals(tx, prefix, totalsOf(entry));
    return repository.findEntry(tx, newIds.get(entry.id) as string) as Promise<EntryRow>;
  }

  /** One operation in one transaction; the answer presented. */
  private async single(work: (tx: Executor) => Promise<EntryRow>): Promise<LibraryEntry> {
    const { db } = this.deps;
    const row = await db.transaction((tx) => work(tx));
    const [listed] = await repository.findListedEntries(db, [row.id]);
    const [entry] = await this.present(db, listed ? [listed] : []);
    return entry as LibraryEntry;
  }

  /**
   * An operation on many entries: each in its own transaction, so that one
   * failure is reported for that entry and changes nothing of it, while the
   * others are done.
   */
  private async each(
    ids: readonly string[],
    work: (tx: Executor, id: string) => Promise<EntryRow | undefined>,
    /** The name a failed id shows (default: its entry's); make-song's ids are songs. */
    nameOf: (id: string) => Promise<string | null> = async (id) => {
      const [known] = await repository.findListedEntries(this.deps.db, [id]);
      return known?.song?.title ?? known?.name ?? null;
    },
  ): Promise<EntriesResult> {
    const { db } = this.deps;
    const done: string[] = [];
    const failedEntries: FailedEntry[] = [];
    for (const id of new Set(ids)) {
      try {
        const row = await db.transaction((tx) => work(tx, id));
        if (row) done.push(row.id);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        failedEntries.push({
          entryId: id,
          name: await nameOf(id),
          type: error.type,
          reason: error.reason,
        });
      }
    }
    const entries = await this.present(db, await repository.findListedEntries(db, done));
    return { entries, failedEntries };
  }
}

/** What leaves the server of an entry. */
export function presentEntry(
  row: ListedEntry | (EntryRow & { song: null }),
  currentVersionIds: ReadonlySet<string>,
): LibraryEntry {
  return {
    entryId: row.id,
    entryType: row.type,
    partitionType: row.partition,
    name: row.song?.title ?? row.name,
    parentId: row.parentId,
    size: row.sizeBytes,
    createdDate: row.createdAt.toISOString(),
    modifiedDate: row.modifiedAt.toISOString(),
    tracksCount: row.tracksCount,
    tracksDuration: row.tracksDurationMs,
    songId: row.songId,
    playlistId: row.playlistId,
    position: row.position,
    ...(row.type === "version" ? { isCurrent: currentVersionIds.has(row.id) } : {}),
    ...(row.song ? { song: row.song } : {}),
    ...(row.deletedAt && row.parentId === TRASH_ID
      ? {
          deletedDate: row.deletedAt.toISOString(),
          originPartitionType: row.originPartition ?? undefined,
        }
      : {}),
  };
}
