import {
  type EntriesResult,
  type EntryType,
  type FailedEntry,
  type LibraryEntry,
  mayHold,
  PARTITION_IDS,
} from "@fonika/shared";
import { AppError } from "../../../lib/app-error.ts";
import type { LibraryStore } from "../store/library.store.ts";
import type {
  EntryRow,
  ListedEntry,
  moveSubtree,
  Totals,
} from "../store/vault-entries.repository.ts";
import { vaultErrors } from "./vault.errors.ts";

/**
 * The parts every vault operation is made of: finding and locking entries,
 * putting a child in, moving a subtree with its totals, the trash, the
 * playlist rows that follow their entries, and running one or many
 * operations in transactions. Totals (size, tracks, duration) of every
 * entry above a change are updated in the same transaction.
 */

export const TRASH_ID = PARTITION_IDS.deleted;

export const totalsOf = (entry: EntryRow): Totals => ({
  sizeBytes: entry.sizeBytes,
  tracksCount: entry.tracksCount,
  tracksDurationMs: entry.tracksDurationMs,
});

export const negative = (totals: Totals): Totals => ({
  sizeBytes: -totals.sizeBytes,
  tracksCount: -totals.tracksCount,
  tracksDurationMs: -totals.tracksDurationMs,
});

/** An entry and its ancestors: whose totals change when something is put into it. */
export const chainOf = (entry: EntryRow) => [...entry.ancestors, entry.id];

/** The ids of playlist rows among these entries. */
export const playlistIdsOf = (rows: readonly EntryRow[]) =>
  rows.flatMap((row) => (row.playlistId ? [row.playlistId] : []));

export async function existingEntry(store: LibraryStore, id: string): Promise<EntryRow> {
  const entry = await store.vaultEntries.findEntry(id);
  if (!entry) throw vaultErrors.entryNotFound();
  return entry;
}

export async function lockedEntry(tx: LibraryStore, id: string): Promise<EntryRow> {
  const entry = await tx.vaultEntries.lockEntry(id);
  if (!entry) throw vaultErrors.entryNotFound();
  return entry;
}

/** The entry that is to receive a child of `childType`, locked, or the composition error. */
export async function lockedContainer(
  tx: LibraryStore,
  id: string,
  childType: EntryType,
): Promise<EntryRow> {
  const parent = await lockedEntry(tx, id);
  if (!mayHold(parent.partition, parent.type, childType)) {
    throw vaultErrors.composition(childType, parent.type, parent.partition);
  }
  return parent;
}

export async function insertChild(
  tx: LibraryStore,
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
  const [row] = await tx.vaultEntries.insertEntries([
    {
      ...child,
      partition: parent.partition,
      parentId: parent.id,
      ancestors: chainOf(parent),
      position: await tx.vaultEntries.nextPosition(parent.id),
      ...totals,
    },
  ]);
  await tx.vaultEntries.addTotals(chainOf(parent), totals);
  return row as EntryRow;
}

/** Moves a subtree and its totals from where it is to under `target`. */
export async function relocate(
  tx: LibraryStore,
  entry: EntryRow,
  target: EntryRow,
  change: Parameters<typeof moveSubtree>[3],
): Promise<void> {
  await tx.vaultEntries.addTotals(entry.ancestors, negative(totalsOf(entry)));
  await tx.vaultEntries.moveSubtree(entry, target, change);
  await tx.vaultEntries.addTotals(chainOf(target), totalsOf(entry));
}

/** Moves an entry (and what is below it) to the trash; its playlists are deleted with it. */
export async function trash(tx: LibraryStore, entry: EntryRow): Promise<EntryRow> {
  if (entry.type === "partition") throw vaultErrors.partitionFixed();
  const trashRoot = await lockedEntry(tx, TRASH_ID);
  const from = entry.parentId ? await tx.vaultEntries.findEntry(entry.parentId) : undefined;
  await relocate(tx, entry, trashRoot, {
    partition: "deleted",
    originParentId: entry.parentId,
    originPartition: entry.partition,
    deletedAt: new Date(),
    position: await tx.vaultEntries.nextPosition(TRASH_ID),
  });
  const below = await tx.vaultEntries.listDescendants(entry.id);
  await tx.playlists.setDeleted(playlistIdsOf([entry, ...below]), true);
  if (from) await afterDeparture(tx, entry, from);
  return tx.vaultEntries.findEntry(entry.id) as Promise<EntryRow>;
}

/** A version that left its playlist: the playlist plays another one (or none). */
export async function afterDeparture(
  tx: LibraryStore,
  entry: EntryRow,
  from: EntryRow,
): Promise<void> {
  if (entry.type !== "version" || from.type !== "playlist" || !from.playlistId) return;
  if ((await tx.playlists.findPlaylist(from.playlistId))?.currentVersionId !== entry.id) return;
  const first = await firstChild(tx, from.id);
  await tx.playlists.updatePlaylist(from.playlistId, { currentVersionId: first?.id ?? null });
}

/** What arriving under `target` means beyond the tree: playlists live again, versions may be played. */
export async function afterArrival(
  tx: LibraryStore,
  entry: EntryRow,
  target: EntryRow,
  copied: boolean,
): Promise<void> {
  if (!copied && target.partition !== "deleted") {
    const below = await tx.vaultEntries.listDescendants(entry.id);
    await tx.playlists.setDeleted(playlistIdsOf([entry, ...below]), false);
  }
  if (entry.type === "version" && target.type === "playlist") {
    await ensureCurrentVersion(tx, target);
  }
}

/** A playlist with versions and none current gets its first one. */
export async function ensureCurrentVersion(
  tx: LibraryStore,
  playlistEntry: EntryRow,
): Promise<void> {
  if (!playlistEntry.playlistId) return;
  if ((await tx.playlists.findPlaylist(playlistEntry.playlistId))?.currentVersionId) return;
  const first = await firstChild(tx, playlistEntry.id);
  if (first) {
    await tx.playlists.updatePlaylist(playlistEntry.playlistId, { currentVersionId: first.id });
  }
}

async function firstChild(tx: LibraryStore, parentId: string) {
  const { rows } = await tx.vaultEntries.listChildren(parentId, {
    sortBy: "position",
    order: "asc",
    limit: 1,
    offset: 0,
  });
  return rows[0];
}

/** Presents entries as the API shows them (versions know whether they are current). */
export async function presentEntries(
  store: LibraryStore,
  rows: ReadonlyArray<ListedEntry | (EntryRow & { song: null })>,
): Promise<LibraryEntry[]> {
  const versionParents = [
    ...new Set(rows.filter((row) => row.type === "version").map((row) => row.parentId as string)),
  ];
  const parents = await store.vaultEntries.findEntries(versionParents);
  const current = new Set(await store.playlists.currentVersionIds(playlistIdsOf(parents)));
  return rows.map((row) => presentEntry(row, current));
}

/** One operation in one transaction; the answer presented. */
export async function single(
  store: LibraryStore,
  work: (tx: LibraryStore) => Promise<EntryRow>,
): Promise<LibraryEntry> {
  const row = await store.withTx(work);
  const [listed] = await store.vaultEntries.findListedEntries([row.id]);
  const [entry] = await presentEntries(store, listed ? [listed] : []);
  return entry as LibraryEntry;
}

/**
 * An operation on many entries: each in its own transaction, so that one
 * failure is reported for that entry and changes nothing of it, while the
 * others are done.
 */
export async function each(
  store: LibraryStore,
  ids: readonly string[],
  work: (tx: LibraryStore, id: string) => Promise<EntryRow | undefined>,
  /** The name a failed id shows (default: its entry's); make-song's ids are songs. */
  nameOf: (id: string) => Promise<string | null> = async (id) => {
    const [known] = await store.vaultEntries.findListedEntries([id]);
    return known?.song?.title ?? known?.name ?? null;
  },
): Promise<EntriesResult> {
  const done: string[] = [];
  const failedEntries: FailedEntry[] = [];
  for (const id of new Set(ids)) {
    try {
      const row = await store.withTx((tx) => work(tx, id));
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
  const entries = await presentEntries(store, await store.vaultEntries.findListedEntries(done));
  return { entries, failedEntries };
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
