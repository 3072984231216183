import { INPUT, LIBRARY, PAGING } from "../constants.ts";
import { defineEndpoint, fileAnswer, okSchema, pagedSchema, uuidSchema } from "../endpoint.ts";
import { z } from "../zod.ts";

/**
 * Songs of the music library (SPEC.md §7 Playlists and songs): upload,
 * streaming, meta, cover, removal and the song list. A song is one stored
 * audio file with the tags read from it and what content managers set.
 */

export const audioFormatSchema = z.enum(LIBRARY.audioFormats);
export type AudioFormat = z.infer<typeof audioFormatSchema>;

/** A catalog entry a song points at: genre, author or copyright holder. */
export const catalogReferenceSchema = z.object({ id: uuidSchema, name: z.string() });

export const loudnessSchema = z
  .object({
    /** pending: not measured yet; measured; failed: the file could not be decoded. */
    status: z.enum(["pending", "measured", "failed"]),
    /** EBU R128 integrated loudness, LUFS. */
    integratedLufs: z.number().nullable(),
    /** True peak, dBTP. */
    truePeakDb: z.number().nullable(),
    /** Gain a player applies to reach the library's target loudness, dB. */
    gainDb: z.number().nullable(),
  })
  .meta({ id: "Loudness" });

/**
 * A song falls out of what venues play for want of its copyright holder's
 * licence (issue 32): `barred`, no licence covers today; else on the day
 * after `lastDay` (Moscow), when the holder's licences run out.
 */
export const songLicenceSchema = z
  .object({ barred: z.boolean(), lastDay: z.string().nullable() })
  .meta({ id: "SongLicence" });
export type SongLicence = z.infer<typeof songLicenceSchema>;

export const songSchema = z
  .object({
    id: uuidSchema,
    title: z.string(),
    artists: z.array(z.string()),
    album: z.string().nullable(),
    genre: catalogReferenceSchema.nullable(),
    year: z.number().int().nullable(),
    obsceneLexicon: z.boolean(),
    isrc: z.string().nullable(),
    copyrightHolder: catalogReferenceSchema.nullable(),
    /** The song's authors (composers, lyricists), in the order they are credited. */
    authors: z.array(catalogReferenceSchema),
    /** The first of `authors` (SPEC.md's one author), null when there are none. */
    author: catalogReferenceSchema.nullable(),
    format: audioFormatSchema,
    durationMs: z.number().int().nonnegative(),
    /** Average bitrate, bits per second. */
    bitrate: z.number().int().nullable(),
    sizeBytes: z.number().int().nonnegative(),
    hasCover: z.boolean(),
    loudness: loudnessSchema,
    /** How many times players started it. */
    playCount: z.number().int().nonnegative(),
    /**
     * Staff, in the song list only: whether it falls out for want of its
     * holder's licence; absent when its holder's licences do not end.
     */
    licence: songLicenceSchema.optional(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: "Song" });
export type Song = z.infer<typeof songSchema>;

const songIdParams = z.object({ id: uuidSchema });
const text = (max = INPUT.defaultMax) => z.string().trim().min(1).max(max);

/** A list of ids where each appears once. */
const distinctIds = (what: string, max: number, min = 0) =>
  z
    .array(uuidSchema)
    .min(min)
    .max(max)
    .refine((ids) => new Set(ids).size === ids.length, `${what} указан дважды`);

export const addSong = defineEndpoint({
  method: "POST",
  path: "/music/song/add",
  summary:
    "Upload one audio file (mp3, ogg, opus, flac, wav, m4a); its tags and duration are read. " +
    "The same content uploaded again answers the song already in the library",
  tags: ["songs"],
  auth: "bearer",
  roles: ["role-content-manager"],
  upload: { accept: ["audio/*"] },
  response: z.object({
    song: songSchema,
    /** True when this exact content was in the library already (nothing new stored). */
    alreadyInLibrary: z.boolean(),
  }),
  successStatus: 201,
});

export const getSongFile = defineEndpoint({
  ...fileAnswer(LIBRARY.audioMediaTypes),
  path: "/music/song/:id/file",
  summary: "Stream the song's audio (HTTP Range, ETag); the token may be given as access_token",
  tags: ["songs"],
  sessions: ["browser", "device"],
  params: songIdParams,
});

export const getSongMeta = defineEndpoint({
  method: "GET",
  path: "/music/song/:id/meta",
  summary: "A song with its meta",
  tags: ["songs"],
  auth: "bearer",
  sessions: ["browser", "device"],
  params: songIdParams,
  response: songSchema,
});

export const songMetaChangeSchema = z
  .object({
    title: text(),
    artists: z.array(text()).max(LIBRARY.maxArtists),
    album: text().nullable(),
    genreId: uuidSchema.nullable(),
    year: z.number().int().min(1000).max(2100).nullable(),
    obsceneLexicon: z.boolean(),
    /** International Standard Recording Code: CC-XXX-YY-NNNNN, hyphens optional. */
    isrc: z
      .string()
      .trim()
      .toUpperCase()
      .transform((value) => value.replaceAll("-", ""))
      .pipe(z.string().regex(/^[A-Z]{2}[A-Z0-9]{3}\d{7}$/, "ISRC: CCXXXYYNNNNN"))
      .nullable(),
    copyrightHolderId: uuidSchema.nullable(),
    /** SPEC.md's one author: the song's authors become this one (null: none). */
    authorId: uuidSchema.nullable(),
    /** The song's authors in their order, replacing those it had (empty: none). */
    authorIds: distinctIds("Автор", LIBRARY.maxAuthors),
  })
  .partial()
  .strict()
  .refine((change) => change.authorId === undefined || change.authorIds === undefined, {
    message: "Укажите authorIds или authorId, не оба",
    path: ["authorIds"],
  })
  .meta({ id: "SongMetaChange" });
export type SongMetaChange = z.infer<typeof songMetaChangeSchema>;

export const songsCreditsChangeSchema = z
  .object({
    /** The songs to credit: a page of the track list at most. */
    songIds: distinctIds("Трек", PAGING.maxPageSize, 1),
    /** Their authors become these, in this order (empty: none); left out: kept. */
    authorIds: distinctIds("Автор", LIBRARY.maxAuthors).optional(),
    /** Their copyright holder becomes this one (null: none); left out: kept. */
    copyrightHolderId: uuidSchema.nullable().optional(),
    /** Their performers become these, in this order (an album's artist); left out: kept. */
    artists: z.array(text()).min(1).max(LIBRARY.maxArtists).optional(),
  })
  .strict()
  .refine(
    (change) =>
      change.authorIds !== undefined ||
      change.copyrightHolderId !== undefined ||
      change.artists !== undefined,
    { message: "Укажите исполнителей, авторов или правообладателя", path: ["authorIds"] },
  )
  .meta({ id: "SongsCreditsChange" });
export type SongsCreditsChange = z.infer<typeof songsCreditsChangeSchema>;

export const changeSongsCredits = defineEndpoint({
  method: "POST",
  path: "/music/song/credits/change",
  summary:
    "Credit many songs at once with the same performers, authors and/or copyright holder (an album's " +
    "tracks): all of them or none; an unknown song or catalog entry changes nothing",
  tags: ["songs"],
  auth: "bearer",
  roles: ["role-content-manager"],
  body: songsCreditsChangeSchema,
  response: z.object({ changed: z.number().int().nonnegative() }),
});

export const changeSongMeta = defineEndpoint({
  method: "POST",
  path: "/music/song/:id/meta/change",
  summary: "Change a song's meta; fields left out stay as they are",
  tags: ["songs"],
  auth: "bearer",
  roles: ["role-content-manager"],
  params: songIdParams,
  body: songMetaChangeSchema,
  response: songSchema,
});

export const getSongAvatar = defineEndpoint({
  ...fileAnswer(LIBRARY.imageTypes),
  path: "/music/song/:id/avatar-file",
  summary: "The song's cover image (404 when it has none); the token may be given as access_token",
  tags: ["songs"],
  sessions: ["browser", "device"],
  params: songIdParams,
});

export const changeSongAvatar = defineEndpoint({
  method: "POST",
  path: "/music/song/:id/avatar-file/change",
  summary: "Replace the song's cover (JPEG, PNG or WebP)",
  tags: ["songs"],
  auth: "bearer",
  roles: ["role-content-manager"],
  params: songIdParams,
  upload: { accept: [...LIBRARY.imageTypes] },
  response: songSchema,
});

export const removeSong = defineEndpoint({
  method: "POST",
  path: "/music/song/:id/remove",
  summary:
    "Remove a song from the library: it leaves lists and search; uploading the same file brings it back",
  tags: ["songs"],
  auth: "bearer",
  roles: ["role-content-manager"],
  params: songIdParams,
  response: okSchema,
});

export const songOrderSchema = z.enum(["popular", "lastAdded"]);

export const listSongs = defineEndpoint({
  method: "GET",
  path: "/music/song",
  summary:
    "Songs of the library, most played or newest first, by album, artist or the player that plays them",
  tags: ["songs"],
  auth: "bearer",
  sessions: ["browser", "device"],
  query: z.object({
    limit: z.coerce.number().int().min(1).max(PAGING.maxPageSize).default(PAGING.searchPageSize),
    offset: z.coerce.number().int().min(0).default(0),
    orderBy: songOrderSchema.default("lastAdded"),
    albumName: z.string().trim().min(1).max(INPUT.defaultMax).optional(),
    artistName: z.string().trim().min(1).max(INPUT.defaultMax).optional(),
    /** The songs of the playlists this player plays. */
    playerId: uuidSchema.optional(),
  }),
  response: pagedSchema(songSchema),
});

export const setRating = defineEndpoint({
  method: "POST",
  path: "/music/setrating/:songId/:rating",
  summary: "Rate a song from 1 to 5 (the caller's own rating; again replaces it)",
  tags: ["songs"],
  auth: "bearer",
  params: z.object({ songId: uuidSchema, rating: z.coerce.number().int().min(1).max(5) }),
  response: z.object({ songId: uuidSchema, rating: z.number().int(), averageRating: z.number() }),
});

export const songRatingSchema = z
  .object({
    songId: uuidSchema,
    /** The average of everyone's ratings, to two decimals; null while nobody rated it. */
    averageRating: z.number().nullable(),
    /** How many people rated it. */
    ratingsCount: z.number().int().nonnegative(),
    /** The caller's own rating, null when they have not rated it. */
    myRating: z.number().int().min(1).max(5).nullable(),
  })
  .meta({ id: "SongRating" });
export type SongRating = z.infer<typeof songRatingSchema>;

export const getSongRatings = defineEndpoint({
  method: "GET",
  path: "/music/song/ratings",
  summary:
    "Ratings of up to 100 songs at once (a page of a list): each one's average, count and the " +
    "caller's own. Only songs the caller may rate are answered, in the order asked; an unknown, " +
    "removed or unhearable song is left out",
  tags: ["songs"],
  auth: "bearer",
  query: z.object({
    /** Comma-separated song ids, each once. */
    songIds: z
      .string()
      .transform((value) => value.split(",").map((id) => id.trim()))
      .pipe(distinctIds("Трек", LIBRARY.maxRatingsRead, 1)),
  }),
  response: z.object({ data: z.array(songRatingSchema) }),
});
