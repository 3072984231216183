import { readFile } from "node:fs/promises";
import {
  LIBRARY,
  PARTITION_IDS,
  type Playlist,
  type PlaylistWithTracks,
  type playlistsApi,
  type TariffRef,
} from "@fonika/shared";
import type { z } from "zod";
import type { Actor } from "../../../kernel/actor.ts";
import type { StoredFile } from "../../../kernel/stored-file.ts";
import { type Page, toPage } from "../../../lib/paging.ts";
import { contentKey, type FileStore, hashOfKey } from "../../../storage/file-store.ts";
import { imageErrors, storeImage } from "../../../storage/images.ts";
import type { UploadSource } from "../../../storage/upload.ts";
import { type SongLicences, songLicenceOf } from "../../entitlement/entitlement.ts";
import type { MusicAccess } from "../access/music-access.ts";
import type { SongsService } from "../songs/songs.service.ts";
import type { LibraryStore } from "../store/library.store.ts";
import type { PlaylistView } from "../store/playlists.repository.ts";
import type { TrackPlacementService } from "../vault/track-placement.service.ts";
import type { VaultTreeService } from "../vault/vault-tree.service.ts";
import { playlistErrors } from "./playlists.errors.ts";
import {
  assertMayEditPlaylists,
  assertMayKeepFavourites,
  assertMayReadUserPlaylists,
  mayKnowPlaylistTariffs,
  maySeeDeletedPlaylists,
  playlistOwnerOf,
} from "./playlists.policy.ts";

export interface PlaylistsDependencies {
  store: LibraryStore;
  files: FileStore;
  tree: VaultTreeService;
  placement: TrackPlacementService;
  songs: SongsService;
  /**
   * What an owner's licensed venues may play now, and what each of their
   * venues offers (the entitlement module).
   */
  entitlement: {
    /** Which songs fall out for want of their holder's licence (the editor marks them). */
    songLicences(): Promise<SongLicences>;
    playableOfOwners(userIds: readonly string[]): Promise<Map<string, ReadonlySet<string>>>;
    offeredOfOwners(
      userIds: readonly string[],
    ): Promise<Map<string, ReadonlyMap<string, ReadonlySet<string>>>>;
  };
  /** The tariffs that hold each playlist for every subscriber (the tariffs module). */
  tariffs: { tariffsHolding(playlistIds: readonly string[]): Promise<Map<string, TariffRef[]>> };
  /** Who may open which playlists; told when a playlist's current version or trash state changes. */
  access: MusicAccess;
}

type Query<E extends { query?: z.ZodType }> = z.output<NonNullable<E["query"]>>;
type AddBody = z.output<NonNullable<typeof playlistsApi.addPlaylist.body>>;
type ChangeBody = z.output<NonNullable<typeof playlistsApi.changePlaylist.body>>;

/** The largest preview track of a playlist. */
const SUMMARY_MAX_BYTES = LIBRARY.maxSummaryTrackMb * 1024 * 1024;

/**
 * Playlists: made and changed by content managers (their place and
 * versions through the vault), found and played by everyone else.
 */
export class PlaylistsService {
  private readonly store: LibraryStore;

  constructor(private readonly deps: PlaylistsDependencies) {
    this.store = deps.store;
  }

  /**
   * Makes a playlist and places it in a folder of the Playlists partition
   * (default its root); with `firstVersion`, its first version too, current,
   * in the same transaction, so tracks go in without a step of their own.
   */
  async add(actor: Actor, body: AddBody): Promise<Playlist> {
    assertMayEditPlaylists(actor);
    const id = await this.store.withTx(async (tx) => {
      const playlist = await tx.playlists.insertPlaylist({
        name: body.name,
        description: body.description ?? null,
        tags: uniqueTags(body.tags ?? []),
        createdBy: actor.userId,
      });
      const entry = await this.deps.placement.placePlaylist(
        tx,
        body.folderId ?? PARTITION_IDS.playlists,
        playlist,
      );
      if (body.firstVersion) await this.deps.placement.placeVersion(tx, entry.id);
      return playlist.id;
    });
    return this.present(actor, id);
  }

  async list(
    actor: Actor,
    query: Query<typeof playlistsApi.listPlaylists>,
  ): Promise<Page<Playlist>> {
    // A client or device lists only what it may open (issue 27: the lists agree with the playlist itself).
    const allowed = await this.deps.access.playlistsOf(actor);
    const { ids, total } = await this.store.playlists.listPlaylistIds({
      ...query,
      ...(allowed ? { ids: [...allowed] } : {}),
      // Content managers see every live playlist; the others what can be played.
      playable: !maySeeDeletedPlaylists(actor),
    });
    return toPage(await this.presentMany(actor, ids), total, query.limit);
  }

  /** A playlist with the tracks of its current version (content managers: of any version). */
  async get(
    actor: Actor,
    id: string,
    query: Query<typeof playlistsApi.getPlaylist>,
  ): Promise<PlaylistWithTracks> {
    const manager = maySeeDeletedPlaylists(actor);
    if (!(await this.deps.access.mayOpenPlaylist(actor, id))) throw playlistErrors.notFound();
    const [view] = await this.store.playlists.findPlaylistViews([id]);
    if (!view || (view.deletedAt && !(manager && query.includeDeleted))) {
      throw playlistErrors.notFound();
    }
    let versionId = view.currentVersionId;
    if (query.versionId && manager) {
      if (!view.versions.some((version) => version.id === query.versionId)) {
        throw playlistErrors.notItsVersion();
      }
      versionId = query.versionId;
    }
    const refs = versionId ? await this.store.playlists.versionTracks(versionId) : [];
    const songs = await this.deps.songs.getMany(
      refs.flatMap((ref) => (ref.songId ? [ref.songId] : [])),
      { includeRemoved: manager },
    );
    const byId = new Map(songs.map((song) => [song.id, song]));
    const [[presented], licences] = await Promise.all([
      this.withViewerFacts(actor, [presentPlaylist(view)]),
      this.deps.entitlement.songLicences(),
    ]);
    return {
      ...(presented as Playlist),
      tracks: refs.flatMap((ref) => {
        const song = ref.songId ? byId.get(ref.songId) : undefined;
        if (!song) return [];
        const track = { entryId: ref.entryId, position: ref.position, song };
        const licence = songLicenceOf(song.id, licences);
        // A listener is not shown what no venue may play; the editor is, marked.
        if (!manager) return licence?.barred ? [] : [track];
        return [licence ? { ...track, licence } : track];
      }),
    };
  }

  async change(actor: Actor, id: string, body: ChangeBody): Promise<Playlist> {
    assertMayEditPlaylists(actor);
    const [view] = await this.store.playlists.findPlaylistViews([id]);
    if (!view) throw playlistErrors.notFound();
    if (
      body.currentVersionId &&
      !view.versions.some((version) => version.id === body.currentVersionId)
    ) {
      throw playlistErrors.notItsVersion();
    }
    if (body.name !== undefined && body.name !== view.name && view.entryId && view.entryParentId) {
      // The vault renames its entry and the row, refusing a name taken beside it.
      await this.deps.tree.edit(actor, view.entryParentId, view.entryId, body.name);
    }
    await this.store.playlists.updatePlaylist(id, {
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.tags !== undefined ? { tags: uniqueTags(body.tags) } : {}),
      ...(body.currentVersionId !== undefined ? { currentVersionId: body.currentVersionId } : {}),
      ...(body.name !== undefined && !view.entryId ? { name: body.name } : {}),
    });
    if (body.currentVersionId !== undefined) await this.deps.access.announceChange();
    return this.present(actor, id);
  }

  /** Moves the playlist to the trash (restore and delete for good are the vault's). */
  async remove(actor: Actor, id: string): Promise<void> {
    assertMayEditPlaylists(actor);
    const [view] = await this.store.playlists.findPlaylistViews([id]);
    if (!view) throw playlistErrors.notFound();
    await this.store.withTx(async (tx) => {
      if (view.entryId) await this.deps.placement.trashPlaylist(tx, view.entryId);
      else await tx.playlists.setDeleted([id], true);
    });
    await this.deps.access.announceChange();
  }

  /** The playlist's cover, for the file answer; 404 when it has none. */
  async coverFile(actor: Actor, id: string): Promise<StoredFile> {
    const playlist = await this.openable(actor, id);
    if (!playlist.coverKey || !playlist.coverType) throw playlistErrors.coverNotFound();
    return {
      key: playlist.coverKey,
      size: playlist.coverSize ?? 0,
      contentType: playlist.coverType,
      etag: hashOfKey(playlist.coverKey),
      caching: "revalidate",
    };
  }

  async changeCover(actor: Actor, id: string, upload: UploadSource): Promise<Playlist> {
    assertMayEditPlaylists(actor);
    const before = await this.store.playlists.findPlaylist(id);
    if (!before) throw playlistErrors.notFound();
    const file = await upload({
      maxBytes: LIBRARY.maxImageMb * 1024 * 1024,
      tooLargeReason: imageErrors.tooLargeReason(),
    });
    try {
      const cover = await storeImage(this.deps.files, "playlist-covers", await readFile(file.path));
      if (!cover) throw imageErrors.unsupported();
      await this.store.playlists.updatePlaylist(id, {
        coverKey: cover.key,
        coverType: cover.contentType,
        coverSize: cover.size,
      });
      await this.forgetFileIfUnused(before.coverKey, cover.key);
      return this.present(actor, id);
    } finally {
      await file.discard();
    }
  }

  /** The playlist's preview track, for the file answer; 404 when it has none. */
  async summaryFile(actor: Actor, id: string): Promise<StoredFile> {
    const playlist = await this.openable(actor, id);
    if (!playlist.summaryKey || !playlist.summaryType) throw playlistErrors.summaryNotFound();
    return {
      key: playlist.summaryKey,
      size: playlist.summarySize ?? 0,
      contentType: playlist.summaryType,
      etag: hashOfKey(playlist.summaryKey),
      caching: "revalidate",
    };
  }

  /** Replaces the preview track: accepted audio (as an upload of a song), at most 10 MB. */
  async changeSummary(actor: Actor, id: string, upload: UploadSource): Promise<Playlist> {
    assertMayEditPlaylists(actor);
    const before = await this.store.playlists.findPlaylist(id);
    if (!before) throw playlistErrors.notFound();
    const file = await upload({
      maxBytes: SUMMARY_MAX_BYTES,
      tooLargeReason: `Превью больше ${LIBRARY.maxSummaryTrackMb} МБ`,
    });
    try {
      const audio = await this.deps.songs.describeAudio(file.path, file.filename);
      const key = contentKey("playlist-previews", file.sha256);
      if (!(await this.deps.files.exists(key))) {
        await this.deps.files.putFile(key, file.path, audio.contentType);
      }
      await this.store.playlists.updatePlaylist(id, {
        summaryKey: key,
        summaryType: audio.contentType,
        summarySize: file.size,
      });
      await this.forgetFileIfUnused(before.summaryKey, key);
      return this.present(actor, id);
    } finally {
      await file.discard();
    }
  }

  /**
   * The playlists a user may play, with song counts: those their venues'
   * active subscriptions license (tariffs' playlists and personal grants
   * under them), as long as they are live and have tracks.
   */
  async allowed(
    actor: Actor,
    userId: string,
    query: Query<typeof playlistsApi.listAllowedPlaylists>,
  ) {
    assertMayReadUserPlaylists(actor, userId);
    const allowedIds =
      (await this.deps.entitlement.playableOfOwners([userId])).get(userId) ?? new Set<string>();
    const { ids, total } = await this.store.playlists.listPlaylistIds({
      text: query.text,
      ids: [...allowedIds],
      playable: true,
      limit: query.limit,
      offset: query.offset,
    });
    const playlists = await this.presentMany(actor, ids);
    return toPage(
      playlists.map((playlist) => ({ ...playlist, songCount: playlist.tracksCount })),
      total,
      query.limit,
    );
  }

  async addFavourite(actor: Actor, userId: string, playlistId: string): Promise<void> {
    assertMayKeepFavourites(actor, userId);
    await this.openable(actor, playlistId);
    await this.store.favouritePlaylists.addFavourite(userId, playlistId);
  }

  async removeFavourite(actor: Actor, userId: string, playlistId: string): Promise<void> {
    assertMayKeepFavourites(actor, userId);
    await this.store.favouritePlaylists.removeFavourite(userId, playlistId);
  }

  async favourites(
    actor: Actor,
    userId: string,
    paging: { limit: number; offset: number },
  ): Promise<Page<Playlist>> {
    assertMayKeepFavourites(actor, userId);
    const { ids, total } = await this.store.favouritePlaylists.listFavouriteIds(userId, paging);
    return toPage(await this.presentMany(actor, ids), total, paging.limit);
  }

  /**
   * Names of the playlists of these ids that are not in the trash (tariffs
   * grant playlists by id and show them by name).
   */
  namesOf(ids: readonly string[]): Promise<Map<string, string>> {
    return this.store.playlists.namesOfLivePlaylists(ids);
  }

  /**
   * The playlist row if the actor may open it: staff, or a client or device
   * it is allowed to (else answered as missing), and not in the trash
   * unless a content manager.
   */
  private async openable(actor: Actor, id: string) {
    if (!(await this.deps.access.mayOpenPlaylist(actor, id))) throw playlistErrors.notFound();
    return this.visible(actor, id);
  }

  /**
   * The playlist row if the actor may know of it (not in the trash, unless a
   * content manager): what the list shows of every playlist, e.g. to keep
   * it as a favourite.
   */
  private async visible(actor: Actor, id: string) {
    const playlist = await this.store.playlists.findPlaylist(id);
    if (!playlist || (playlist.deletedAt && !maySeeDeletedPlaylists(actor))) {
      throw playlistErrors.notFound();
    }
    return playlist;
  }

  private async forgetFileIfUnused(key: string | null, replacement: string): Promise<void> {
    if (!key || key === replacement) return;
    if ((await this.store.playlists.countPlaylistsWithFile(key)) === 0) {
      await this.deps.files.remove(key);
    }
  }

  private async present(actor: Actor, id: string): Promise<Playlist> {
    const [playlist] = await this.presentMany(actor, [id]);
    if (!playlist) throw playlistErrors.notFound();
    return playlist;
  }

  private async presentMany(actor: Actor, ids: readonly string[]): Promise<Playlist[]> {
    const views = await this.store.playlists.findPlaylistViews(ids);
    return this.withViewerFacts(actor, views.map(presentPlaylist));
  }

  /**
   * What the viewer needs beside each playlist (issue 28): a content
   * manager, the tariffs that hold it; a client, their venues whose
   * subscription offers it (where a player may be given it). One query
   * (or one kept answer) for the whole list.
   */
  private async withViewerFacts(actor: Actor, playlists: Playlist[]): Promise<Playlist[]> {
    if (playlists.length === 0) return playlists;
    if (mayKnowPlaylistTariffs(actor)) {
      const holding = await this.deps.tariffs.tariffsHolding(playlists.map(({ id }) => id));
      return playlists.map((playlist) => ({
        ...playlist,
        tariffs: holding.get(playlist.id) ?? [],
      }));
    }
    const owner = playlistOwnerOf(actor);
    if (!owner) return playlists;
    const venues = (await this.deps.entitlement.offeredOfOwners([owner])).get(owner);
    return playlists.map((playlist) => ({
      ...playlist,
      establishmentIds: [...(venues ?? [])].flatMap(([venueId, offered]) =>
        offered.has(playlist.id) ? [venueId] : [],
      ),
    }));
  }
}

function uniqueTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  return tags.filter((tag) => {
    const key = tag.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** What leaves the server of a playlist. */
export function presentPlaylist(view: PlaylistView): Playlist {
  const current = view.versions.find((version) => version.id === view.currentVersionId);
  return {
    id: view.id,
    name: view.name,
    description: view.description,
    tags: view.tags,
    hasCover: view.coverKey !== null,
    hasSummaryTrack: view.summaryKey !== null,
    entryId: view.entryId,
    currentVersionId: view.currentVersionId,
    versions: view.versions.map((version) => ({
      entryId: version.id,
      name: version.name,
      tracksCount: version.tracksCount,
      tracksDuration: version.tracksDurationMs,
      isCurrent: version.id === view.currentVersionId,
    })),
    tracksCount: current?.tracksCount ?? 0,
    tracksDuration: current?.tracksDurationMs ?? 0,
    deleted: view.deletedAt !== null,
    createdAt: view.createdAt.toISOString(),
    updatedAt: view.updatedAt.toISOString(),
  };
}
