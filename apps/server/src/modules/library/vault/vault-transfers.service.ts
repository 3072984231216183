import {
  type ConflictPolicy,
  depthAllowed,
  type EntriesResult,
  type LibraryEntry,
  mayCrossPartitions,
  mayHold,
  PARTITION_IDS,
  type TariffRef,
} from "@fonika/shared";
import type { Actor } from "../../../kernel/actor.ts";
import type { MusicAccess } from "../access/music-access.ts";
import type { LibraryStore } from "../store/library.store.ts";
import type { EntryRow } from "../store/vault-entries.repository.ts";
import { vaultErrors } from "./vault.errors.ts";
import { assertMayUseVault } from "./vault.policy.ts";
import { numberedName } from "./vault.rules.ts";
import {
  afterArrival,
  afterDeparture,
  chainOf,
  each,
  existingEntry,
  lockedEntry,
  negative,
  playlistIdsOf,
  relocate,
  single,
  TRASH_ID,
  totalsOf,
  trash,
} from "./vault-entries.ts";

/**
 * Entries going from one place of the tree to another: to the trash and
 * back, out of it for good, moved and copied. Every operation on many
 * entries is atomic per entry (its own transaction): a failure is reported
 * in failedEntries and never half-applies.
 */
export class VaultTransfersService {
  constructor(
    private readonly store: LibraryStore,
    /** Told after every transfer: what a playlist's current version holds may have changed. */
    private readonly access: Pick<MusicAccess, "announceChange">,
    /** Which tariffs hold a playlist: such a playlist keeps its record when deleted for good. */
    private readonly tariffs: {
      tariffsHolding(playlistIds: readonly string[]): Promise<Map<string, TariffRef[]>>;
    },
  ) {}

  /** Moves children of `parentId` to the trash. */
  async delete(actor: Actor, parentId: string, ids: readonly string[]): Promise<EntriesResult> {
    assertMayUseVault(actor);
    await existingEntry(this.store, parentId);
    return this.announced(each, this.store, ids, async (tx, id) => {
      const entry = await lockedEntry(tx, id);
      if (entry.parentId !== parentId) throw vaultErrors.notAChild();
      if (entry.partition === "deleted") throw vaultErrors.notInTrash();
      return trash(tx, entry);
    });
  }

  /**
   * Deletes entries in the trash for good; songs stay in the library. A
   * playlist goes with its entry unless a tariff holds it: then its record
   * stays without a place (and with no versions), so that the tariffs,
   * players and favourites that hold it do not lose it unseen, and it can
   * be placed again (make-playlist).
   */
  async deleteForever(
    actor: Actor,
    parentId: string,
    ids: readonly string[],
  ): Promise<EntriesResult> {
    assertMayUseVault(actor);
    await existingEntry(this.store, parentId);
    const held = await this.playlistsTariffsHold(ids);
    return this.announced(each, this.store, ids, async (tx, id) => {
      const entry = await lockedEntry(tx, id);
      if (entry.partition !== "deleted" || entry.type === "partition") {
        throw vaultErrors.notInTrash();
      }
      const below = await tx.vaultEntries.listDescendants(entry.id);
      const playlistIds = playlistIdsOf([entry, ...below]);
      await tx.vaultEntries.addTotals(entry.ancestors, negative(totalsOf(entry)));
      await tx.vaultEntries.deleteEntry(entry.id);
      await tx.playlists.deletePlaylists(playlistIds.filter((playlistId) => !held.has(playlistId)));
      await tx.playlists.unplacePlaylists(playlistIds.filter((playlistId) => held.has(playlistId)));
      return undefined;
    });
  }

  /**
   * The playlists among these entries and below them that a tariff holds
   * for every subscriber (what the tree shows beside a playlist). Asked
   * before the deletions' transactions: the tariffs module reads its own
   * store, and a grant made in the moment between is the only one missed.
   */
  private async playlistsTariffsHold(ids: readonly string[]): Promise<Set<string>> {
    const entries = await this.store.vaultEntries.findEntries(ids);
    const rows = [...entries];
    for (const entry of entries) {
      if (entry.type === "folder") {
        rows.push(...(await this.store.vaultEntries.listDescendants(entry.id, "playlist")));
      }
    }
    const playlistIds = [...new Set(playlistIdsOf(rows))];
    if (playlistIds.length === 0) return new Set();
    return new Set((await this.tariffs.tariffsHolding(playlistIds)).keys());
  }

  /** Puts an entry from the trash back where it was, or into its partition root. */
  async restore(actor: Actor, id: string): Promise<LibraryEntry> {
    assertMayUseVault(actor);
    return this.announced(single, this.store, async (tx) => {
      const entry = await lockedEntry(tx, id);
      if (entry.parentId !== TRASH_ID || !entry.originPartition) throw vaultErrors.notInTrash();
      const partition = entry.originPartition;
      const origin = entry.originParentId
        ? await tx.vaultEntries.lockEntry(entry.originParentId)
        : undefined;
      const target =
        origin &&
        origin.partition !== "deleted" &&
        mayHold(origin.partition, origin.type, entry.type)
          ? origin
          : await lockedEntry(tx, PARTITION_IDS[partition]);
      if (!mayHold(partition, target.type, entry.type)) {
        throw vaultErrors.composition(entry.type, target.type, partition);
      }
      const name = await this.freeName(tx, target, entry, "both");
      await relocate(tx, entry, target, {
        name,
        partition,
        originParentId: null,
        originPartition: null,
        deletedAt: null,
      });
      await afterArrival(tx, entry, target, false);
      return tx.vaultEntries.findEntry(entry.id) as Promise<EntryRow>;
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
      const from = entry.parentId ? await tx.vaultEntries.findEntry(entry.parentId) : undefined;
      await relocate(tx, entry, target, {
        name,
        partition: target.partition,
        position: await tx.vaultEntries.nextPosition(target.id),
      });
      if (from) await afterDeparture(tx, entry, from);
      await afterArrival(tx, entry, target, false);
      return tx.vaultEntries.findEntry(entry.id) as Promise<EntryRow>;
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
      await afterArrival(tx, copied, target, true);
      return copied;
    });
  }

  /** Runs a vault step, then tells every process that who may hear what may have changed. */
  private async announced<Args extends unknown[], Result>(
    step: (...args: Args) => Promise<Result>,
    ...args: Args
  ): Promise<Result> {
    try {
      return await step(...args);
    } finally {
      await this.access.announceChange();
    }
  }

  /**
   * Moves or copies each entry into the target, each in its own transaction
   * with both locked. When not one went and every refusal is of composition
   * (what the target may hold, depth, into itself), the answer is that
   * refusal, 400 composition-error with the first one's reason (SPEC.md §8);
   * a conflict of names among the failures keeps the 200 with
   * failedEntries, whose modal offers to replace or keep both.
   */
  private async transfer(
    actor: Actor,
    targetId: string,
    ids: readonly string[],
    work: (tx: LibraryStore, entry: EntryRow, target: EntryRow) => Promise<EntryRow>,
  ): Promise<EntriesResult> {
    assertMayUseVault(actor);
    await existingEntry(this.store, targetId);
    const result = await this.announced(each, this.store, ids, async (tx, id) => {
      const target = await lockedEntry(tx, targetId);
      const entry = await lockedEntry(tx, id);
      return work(tx, entry, target);
    });
    const [first] = result.failedEntries;
    if (
      first &&
      result.entries.length === 0 &&
      result.failedEntries.every((failed) => failed.type === "composition-error")
    ) {
      throw vaultErrors.nothingMayGo(first.reason);
    }
    return result;
  }

  /** The checks of putting `entry` into `target` (move or copy), throwing the first that fails. */
  private async assertMayPut(tx: LibraryStore, entry: EntryRow, target: EntryRow): Promise<void> {
    if (entry.type === "partition") throw vaultErrors.partitionFixed();
    if (entry.partition === "deleted") throw vaultErrors.notInTrash();
    if (target.id === entry.id || target.ancestors.includes(entry.id)) {
      throw vaultErrors.intoItself();
    }
    const partition = target.partition;
    if (
      !mayHold(partition, target.type, entry.type) ||
      !mayCrossPartitions(entry.type, entry.partition, partition)
    ) {
      throw vaultErrors.composition(entry.type, target.type, partition);
    }
    if (entry.type === "folder") {
      const folders = await tx.vaultEntries.listDescendants(entry.id, "folder");
      const folderIds = new Set([entry.id, ...folders.map((folder) => folder.id)]);
      const deepest = Math.max(
        0,
        ...folders.map(
          (folder) => folder.ancestors.filter((ancestor) => folderIds.has(ancestor)).length,
        ),
      );
      if (!depthAllowed(await tx.vaultEntries.folderDepth(target), deepest)) {
        throw vaultErrors.tooDeep();
      }
    }
  }

  /**
   * The name `entry` will have in `target` under the policy: its own when
   * free; nothing → the duplicate error; both → a numbered name; overwrite →
   * the one there goes to the trash (never the original of a copy). Tracks
   * clash by song, not by name.
   */
  private async freeName(
    tx: LibraryStore,
    target: EntryRow,
    entry: EntryRow,
    policy: ConflictPolicy,
    copying = false,
  ): Promise<string> {
    // A copy clashes with its own original too; a moved entry does not clash with itself.
    const clashes = (row: EntryRow) => copying || row.id !== entry.id;
    if (entry.type === "track") {
      const existing = (
        await tx.vaultEntries.findTracksOfSongs(target.id, [entry.songId as string])
      ).filter(clashes);
      if (existing.length > 0 && policy === "nothing") throw vaultErrors.duplicateTrack();
      if (policy === "overwrite") {
        for (const track of existing) if (track.id !== entry.id) await trash(tx, track);
      }
      return entry.name;
    }
    const existing = await tx.vaultEntries.findNamedChild(target.id, entry.name);
    if (!existing || !clashes(existing) || target.partition === "deleted") return entry.name;
    if (policy === "nothing") throw vaultErrors.duplicateName(entry.type);
    // Overwriting an original with its own copy would only lose it: keep both.
    if (policy === "overwrite" && existing.id !== entry.id) {
      await trash(tx, existing);
      return entry.name;
    }
    return numberedName(entry.name, await tx.vaultEntries.siblingNames(target.id));
  }

  /** Copies an entry and everything below it under `target`; playlists get new rows. */
  private async copySubtree(tx: LibraryStore, entry: EntryRow, target: EntryRow, name: string) {
    const rows = [entry, ...(await tx.vaultEntries.listDescendants(entry.id))];
    const newIds = new Map(rows.map((row) => [row.id, crypto.randomUUID()]));
    const copiedPlaylists = new Map<string, string>();
    for (const row of rows) {
      if (row.playlistId) {
        const copyName = row.id === entry.id ? name : row.name;
        copiedPlaylists.set(
          row.playlistId,
          await tx.playlists.copyPlaylist(row.playlistId, copyName),
        );
      }
    }
    const prefix = chainOf(target);
    const keep = entry.ancestors.length;
    const position = await tx.vaultEntries.nextPosition(target.id);
    await tx.vaultEntries.insertEntries(
      rows.map((row) => ({
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
      const current = (await tx.playlists.findPlaylist(original))?.currentVersionId;
      await tx.playlists.updatePlaylist(copyId, {
        currentVersionId: current ? (newIds.get(current) ?? null) : null,
      });
    }
    await tx.vaultEntries.addTotals(prefix, totalsOf(entry));
    return tx.vaultEntries.findEntry(newIds.get(entry.id) as string) as Promise<EntryRow>;
  }
}
