import { INPUT, LIBRARY, PAGING, PLAYLIST } from "../constants.ts";
import { defineEndpoint, fileAnswer, okSchema, pagedSchema, uuidSchema } from "../endpoint.ts";
import { z } from "../zod.ts";
import { songLicenceSchema, songSchema } from "./songs.ts";
import { tariffRefSchema } from "./tariffs.ts";

/**
 * Playlists (SPEC.md §7 Playlists and songs): what clients choose and
 * players play. A playlist's place, versions and tracks are vault entries;
 * the current version is what plays.
 */

const tagSchema = z.string().trim().min(1).max(PLAYLIST.tagMaxLength);
const descriptionSchema = z.string().trim().max(PLAYLIST.descriptionMaxLength);

export const playlistVersionSchema = z.object({
  entryId: uuidSchema,
  name: z.string(),
  tracksCount: z.number().int().nonnegative(),
  /** Milliseconds. */
  tracksDuration: z.number().int().nonnegative(),
  isCurrent: z.boolean(),
});

export const playlistSchema = z
  .object({
    id: uuidSchema,
    name: z.string(),
    description: z.string().nullable(),
    tags: z.array(z.string()),
    hasCover: z.boolean(),
    hasSummaryTrack: z.boolean(),
    /** Its vault entry; null while it has no place (or is deleted for good). */
    entryId: uuidSchema.nullable(),
    currentVersionId: uuidSchema.nullable(),
    versions: z.array(playlistVersionSchema),
    /** Of the current version. */
    tracksCount: z.number().int().nonnegative(),
    tracksDuration: z.number().int().nonnegative(),
    /** In the trash. */
    deleted: z.boolean(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    /**
     * Content managers only: the tariffs that hold it for every subscriber,
     * by name (empty: in no tariff, so no venue plays it).
     */
    tariffs: z.array(tariffRefSchema).optional(),
    /**
     * A client only: their establishments whose subscription offers it, so
     * a player there may hold it (`/music/player/:id/playlist/add`).
     */
    establishmentIds: z.array(uuidSchema).optional(),
  })
  .meta({ id: "Playlist" });
export type Playlist = z.infer<typeof playlistSchema>;

export const playlistTrackSchema = z.object({
  /** The track's vault entry in the current version. */
  entryId: uuidSchema,
  position: z.number().int(),
  song: songSchema,
  /**
   * Content managers only (issue 32): the song falls out of what venues
   * play for want of its copyright holder's licence — `barred`: no licence
   * covers today; else on the day after `lastDay` (Moscow), when the
   * holder's licences run out. Absent when they do not.
   */
  licence: songLicenceSchema.optional(),
});
export type PlaylistTrack = z.infer<typeof playlistTrackSchema>;

export const playlistWithTracksSchema = playlistSchema
  .extend({ tracks: z.array(playlistTrackSchema) })
  .meta({ id: "PlaylistWithTracks" });
export type PlaylistWithTracks = z.infer<typeof playlistWithTracksSchema>;

const playlistParams = z.object({ id: uuidSchema });
const userParams = z.object({ userId: uuidSchema });
const paging = (defaultLimit: number) => ({
  limit: z.coerce.number().int().min(1).max(PAGING.maxPageSize).default(defaultLimit),
  offset: z.coerce.number().int().min(0).default(0),
});
const searchText = z.string().trim().min(1).max(INPUT.defaultMax).optional();

export const addPlaylist = defineEndpoint({
  method: "POST",
  path: "/music/playlist/add",
  summary:
    "Create a playlist, placed in a folder of the Playlists partition (default: its root), with its first version if asked",
  tags: ["playlists"],
  auth: "bearer",
  roles: ["role-content-manager"],
  body: z.object({
    name: z.string().trim().min(1).max(INPUT.defaultMax),
    description: descriptionSchema.nullable().optional(),
    tags: z.array(tagSchema).max(PLAYLIST.maxTags).optional(),
    folderId: uuidSchema.optional(),
    /**
     * Also make its first version («Версия 1»), current, so that tracks go
     * in at once (its entry is in the answer's `versions`). Left out, the
     * playlist starts without versions, as before.
     */
    firstVersion: z.boolean().optional(),
  }),
  response: playlistSchema,
  successStatus: 201,
});

export const playlistFilterSchema = z.object({
  /** Words of the playlist's name or tags. */
  text: searchText,
  /** Playlists whose current version has a song of this title. */
  song: searchText,
  artist: searchText,
  album: searchText,
  tag: searchText,
});

export const listPlaylists = defineEndpoint({
  method: "GET",
  path: "/music/playlist/all",
  summary: "Playlists, by name, song, artist, album or tag (the client's Playlists screen)",
  tags: ["playlists"],
  auth: "bearer",
  query: playlistFilterSchema.extend(paging(PAGING.searchPageSize)),
  response: pagedSchema(playlistSchema),
});

export const getPlaylist = defineEndpoint({
  method: "GET",
  path: "/music/playlist/:id",
  summary: "A playlist with the tracks of its current version, in order",
  tags: ["playlists"],
  auth: "bearer",
  sessions: ["browser", "device"],
  params: playlistParams,
  query: z.object({
    /** Content managers: also when it is in the trash. */
    includeDeleted: z.stringbool().default(false),
    /** Content managers: the tracks of this version instead of the current one. */
    versionId: uuidSchema.optional(),
  }),
  response: playlistWithTracksSchema,
});

export const changePlaylist = defineEndpoint({
  method: "POST",
  path: "/music/playlist/:id/change",
  summary: "Change a playlist's name, description, tags or current version",
  tags: ["playlists"],
  auth: "bearer",
  roles: ["role-content-manager"],
  params: playlistParams,
  body: z
    .object({
      name: z.string().trim().min(1).max(INPUT.defaultMax),
      description: descriptionSchema.nullable(),
      tags: z.array(tagSchema).max(PLAYLIST.maxTags),
      currentVersionId: uuidSchema,
    })
    .partial()
    .strict(),
  response: playlistSchema,
});

export const removePlaylist = defineEndpoint({
  method: "POST",
  path: "/music/playlist/:id/remove",
  summary: "Move a playlist to the trash",
  tags: ["playlists"],
  auth: "bearer",
  roles: ["role-content-manager"],
  params: playlistParams,
  response: okSchema,
});

export const getPlaylistAvatar = defineEndpoint({
  ...fileAnswer(LIBRARY.imageTypes),
  path: "/music/playlist/:id/avatar-file",
  summary: "The playlist's cover (404 when it has none); the token may be given as access_token",
  tags: ["playlists"],
  sessions: ["browser", "device"],
  params: playlistParams,
});

export const changePlaylistAvatar = defineEndpoint({
  method: "POST",
  path: "/music/playlist/:id/avatar-file/change",
  summary: "Replace the playlist's cover (JPEG, PNG or WebP)",
  tags: ["playlists"],
  auth: "bearer",
  roles: ["role-content-manager"],
  params: playlistParams,
  upload: { accept: [...LIBRARY.imageTypes] },
  response: playlistSchema,
});

export const getPlaylistSummaryTrack = defineEndpoint({
  ...fileAnswer(LIBRARY.audioMediaTypes),
  path: "/music/playlist/:id/summary-track-file",
  summary: "The playlist's short preview audio (404 when it has none)",
  tags: ["playlists"],
  sessions: ["browser", "device"],
  params: playlistParams,
});

export const changePlaylistSummaryTrack = defineEndpoint({
  method: "POST",
  path: "/music/playlist/:id/summary-track-file/change",
  summary: "Replace the playlist's preview audio (an accepted audio format, at most 10 MB)",
  tags: ["playlists"],
  auth: "bearer",
  roles: ["role-content-manager"],
  params: playlistParams,
  upload: { accept: ["audio/*"] },
  response: playlistSchema,
});

export const listAllowedPlaylists = defineEndpoint({
  method: "GET",
  path: "/music/playlist/:userId/allowed",
  summary: "The playlists a user may play, with their song counts",
  tags: ["playlists"],
  auth: "bearer",
  sessions: ["browser", "device"],
  params: userParams,
  query: z.object({
    text: searchText,
    ...paging(PAGING.favouritesLimit),
    /** `songCount`: include each playlist's song count (always included; accepted for the spec's clients). */
    fields: z.string().max(100).optional(),
  }),
  response: pagedSchema(playlistSchema.extend({ songCount: z.number().int().nonnegative() })),
});

export const addFavouritePlaylist = defineEndpoint({
  method: "POST",
  path: "/music/favourite-playlist/:userId/add",
  summary: "Mark a playlist as a favourite of the user",
  tags: ["playlists"],
  auth: "bearer",
  params: userParams,
  body: z.object({ playlistId: uuidSchema }),
  response: okSchema,
});

export const removeFavouritePlaylist = defineEndpoint({
  method: "POST",
  path: "/music/favourite-playlist/:userId/remove",
  summary: "Unmark a favourite playlist",
  tags: ["playlists"],
  auth: "bearer",
  params: userParams,
  body: z.object({ playlistId: uuidSchema }),
  response: okSchema,
});

export const listFavouritePlaylists = defineEndpoint({
  method: "GET",
  path: "/music/favourite-playlist/:userId",
  summary: "The user's favourite playlists, latest first",
  tags: ["playlists"],
  auth: "bearer",
  params: userParams,
  query: z.object(paging(PAGING.favouritesLimit)),
  response: pagedSchema(playlistSchema),
});
