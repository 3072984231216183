import {
  type ConflictPolicy,
  type EntriesResult,
  INPUT,
  LIBRARY,
  type LibraryEntry,
  PARTITION_IDS,
  type TariffRef,
  type UnplacedPlaylist,
} from "@fonika/shared";
import type { Actor } from "../../../kernel/actor.ts";
import { type Page, toPage } from "../../../lib/paging.ts";
import type { MusicAccess } from "../access/music-access.ts";
import type { LibraryStore } from "../store/library.store.ts";
import { artistsOfTrack, type EntryRow } from "../store/vault-entries.repository.ts";
import { vaultErrors } from "./vault.errors.ts";
import { assertMayUseVault } from "./vault.policy.ts";
import { numberedName } from "./vault.rules.ts";
import {
  chainOf,
  each,
  ensureCurrentVersion,
  existingEntry,
  insertChild,
  lockedContainer,
  lockedEntry,
  single,
  trash,
} from "./vault-entries.ts";

/**
 * What comes into the tree from the rest of the library: playlists placed
 * as entries, their versions, songs as tracks (one by one from the content
 * manager, in batches from the operator's import), and a playlist's entry
 * sent to the trash when the playlist is removed.
 */
export class TrackPlacementService {
  constructor(
    private readonly store: LibraryStore,
    /** Told after tracks, versions or playlists are added: what may be played may be more. */
    private readonly access: Pick<MusicAccess, "announceChange">,
    /** Which tariffs hold a playlist: why one without a place was kept. */
    private readonly tariffs: {
      tariffsHolding(playlistIds: readonly string[]): Promise<Map<string, TariffRef[]>>;
    },
  ) {}

  /**
   * Places a playlist row into a folder (or the Playlists root) as a new
   * playlist entry, in the transaction that made the playlist.
   */
  async placePlaylist(
    tx: LibraryStore,
    parentId: string,
    playlist: { id: string; name: string },
  ): Promise<EntryRow> {
    const parent = await lockedContainer(tx, parentId, "playlist");
    if (await tx.vaultEntries.findNamedChild(parent.id, playlist.name)) {
      throw vaultErrors.duplicateName("playlist");
    }
    return insertChild(tx, parent, {
      type: "playlist",
      name: playlist.name,
      playlistId: playlist.id,
    });
  }

  /**
   * The playlists without a place, by name, with the tariffs that hold
   * them: those whose entry was deleted for good while a tariff held them.
   */
  async unplacedPlaylists(
    actor: Actor,
    paging: { page: number; count: number },
  ): Promise<Page<UnplacedPlaylist>> {
    assertMayUseVault(actor);
    const { rows, total } = await this.store.playlists.listUnplacedPlaylists({
      limit: paging.count,
      offset: paging.page * paging.count,
    });
    const holding =
      rows.length > 0
        ? await this.tariffs.tariffsHolding(rows.map((row) => row.id))
        : new Map<string, TariffRef[]>();
    const playlists = rows.map((row) => ({
      playlistId: row.id,
      name: row.name,
      modifiedDate: row.updatedAt.toISOString(),
      tariffs: holding.get(row.id) ?? [],
    }));
    return toPage(playlists, total, paging.count);
  }

  /**
   * Places an existing playlist that has no entry (make-playlist) into a
   * folder of the Playlists partition: it is live again, without versions
   * until the content manager makes one, and the tariffs, players and
   * favourites that kept it have it back.
   */
  async makePlaylist(actor: Actor, parentId: string, playlistId: string): Promise<LibraryEntry> {
    assertMayUseVault(actor);
    const placed = await single(this.store, async (tx) => {
      // Live again first: the row's lock makes a second placing wait, then see this one's entry.
      await tx.playlists.setDeleted([playlistId], false);
      const [playlist] = await tx.playlists.findPlaylistViews([playlistId]);
      if (!playlist) throw vaultErrors.playlistNotFound();
      if (playlist.entryId) throw vaultErrors.playlistPlaced();
      return this.placePlaylist(tx, parentId, playlist);
    });
    await this.access.announceChange();
    return placed;
  }

  async makeVersion(actor: Actor, playlistEntryId: string, name?: string): Promise<LibraryEntry> {
    assertMayUseVault(actor);
    const made = await single(this.store, (tx) => this.placeVersion(tx, playlistEntryId, name));
    await this.access.announceChange();
    return made;
  }

  /**
   * Adds a version to a playlist's entry, in the caller's transaction: named
   * «Версия N» after those there unless `name` is given (a taken name is
   * refused); the playlist's first version becomes its current one. A new
   * playlist made with its first version comes here in the transaction that
   * made it; nothing is played from an empty version, so no one is told.
   */
  async placeVersion(tx: LibraryStore, playlistEntryId: string, name?: string): Promise<EntryRow> {
    const parent = await lockedContainer(tx, playlistEntryId, "version");
    const taken = await tx.vaultEntries.siblingNames(parent.id);
    let versionName = name ?? `Версия ${taken.size + 1}`;
    if (taken.has(versionName.toLowerCase())) {
      if (name) throw vaultErrors.duplicateName("version");
      versionName = numberedName("Версия", taken);
    }
    const version = await insertChild(tx, parent, { type: "version", name: versionName });
    await ensureCurrentVersion(tx, parent);
    return version;
  }

  /** Adds songs as tracks of a Tracks folder or of a version, each on its own. */
  async makeSongs(
    actor: Actor,
    targetId: string,
    songIds: readonly string[],
    policy: ConflictPolicy,
  ): Promise<EntriesResult> {
    assertMayUseVault(actor);
    await existingEntry(this.store, targetId);
    const result = await each(
      this.store,
      songIds,
      async (tx, songId) => {
        const target = await lockedContainer(tx, targetId, "track");
        const [song] = await tx.songs.findSongsForTracks([songId]);
        if (!song) throw vaultErrors.songNotFound();
        const existing = await tx.vaultEntries.findTracksOfSongs(target.id, [songId]);
        if (existing.length > 0) {
          if (policy === "nothing") throw vaultErrors.duplicateTrack();
          if (policy === "overwrite") for (const track of existing) await trash(tx, track);
        }
        return insertChild(
          tx,
          target,
          { type: "track", name: song.title, artists: artistsOfTrack(song.artists), songId },
          { sizeBytes: song.sizeBytes, tracksCount: 1, tracksDurationMs: song.durationMs },
        );
      },
      async (songId) => (await this.store.songs.findSongsForTracks([songId]))[0]?.title ?? null,
    );
    await this.access.announceChange();
    return result;
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
      parentId = await this.store.withTx(async (tx) => {
        const parent = await lockedContainer(tx, current, "folder");
        const existing = await tx.vaultEntries.findNamedChild(parent.id, name);
        if (existing?.type === "folder") return existing.id;
        const taken = existing
          ? numberedName(name, await tx.vaultEntries.siblingNames(parent.id))
          : name;
        return (await insertChild(tx, parent, { type: "folder", name: taken })).id;
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
    const placed = await this.store.withTx(async (tx) => {
      const folder = await lockedContainer(tx, folderId, "track");
      const there = new Set(
        (await tx.vaultEntries.findTracksOfSongs(folder.id, songIds)).map((track) => track.songId),
      );
      const wanted = [...new Set(songIds)].filter((id) => !there.has(id));
      const songs = new Map(
        (await tx.songs.findSongsForTracks(wanted)).map((song) => [song.id, song]),
      );
      const first = await tx.vaultEntries.nextPosition(folder.id);
      const rows = wanted.flatMap((songId) => {
        const song = songs.get(songId);
        return song ? [{ songId, ...song }] : [];
      });
      await tx.vaultEntries.insertEntries(
        rows.map((song, index) => ({
          type: "track" as const,
          partition: folder.partition,
          parentId: folder.id,
          ancestors: chainOf(folder),
          name: song.title,
          artists: artistsOfTrack(song.artists),
          songId: song.songId,
          position: first + index,
          sizeBytes: song.sizeBytes,
          tracksCount: 1,
          tracksDurationMs: song.durationMs,
        })),
      );
      await tx.vaultEntries.addTotals(chainOf(folder), {
        sizeBytes: rows.reduce((total, song) => total + song.sizeBytes, 0),
        tracksCount: rows.length,
        tracksDurationMs: rows.reduce((total, song) => total + song.durationMs, 0),
      });
      return new Set(rows.map((song) => song.songId));
    });
    await this.access.announceChange();
    return placed;
  }

  /** Moves a playlist's entry to the trash (a playlist's remove), in the caller's transaction. */
  async trashPlaylist(tx: LibraryStore, playlistEntryId: string): Promise<void> {
    const entry = await lockedEntry(tx, playlistEntryId);
    if (entry.partition !== "deleted") await trash(tx, entry);
  }
}
