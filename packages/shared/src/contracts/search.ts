import { INPUT, PAGING } from "../constants.ts";
import { defineEndpoint, pagedSchema, uuidSchema } from "../endpoint.ts";
import { z } from "../zod.ts";
import { songSchema } from "./songs.ts";

/**
 * Search of the library (SPEC.md §2 Search, §3 Search suggestion, §7
 * Search): songs, artists, albums, playlists and tags, Russian and Latin,
 * case-insensitive, 'ё' as 'е', tolerant of a typo; exact matches first,
 * then prefixes, then the rest, then by similarity.
 */

export const SEARCH_CATEGORIES = ["songs", "artists", "albums", "playlists", "tags"] as const;
export const searchCategorySchema = z.enum(SEARCH_CATEGORIES);
export type SearchCategory = z.infer<typeof searchCategorySchema>;

export const suggestionSchema = z
  .object({
    name: z.string(),
    category: searchCategorySchema,
    /** Songs and playlists: their id. */
    id: uuidSchema.optional(),
    /** Songs: the first artist. */
    artist: z.string().optional(),
    /** Songs: explicit lyrics. */
    obsceneLexicon: z.boolean().optional(),
  })
  .meta({ id: "SearchSuggestion" });
export type Suggestion = z.infer<typeof suggestionSchema>;

const searchText = z.string().trim().min(1).max(INPUT.defaultMax);
const paging = {
  limit: z.coerce.number().int().min(1).max(PAGING.maxPageSize).default(PAGING.searchPageSize),
  offset: z.coerce.number().int().min(0).default(0),
};

export const commonSearch = defineEndpoint({
  method: "GET",
  path: "/music/common-search",
  summary: "Suggestions across songs, artists, albums, playlists and tags, best first",
  tags: ["search"],
  auth: "bearer",
  query: z.object({ text: searchText, ...paging }),
  response: z.object({
    data: z.array(suggestionSchema),
    /** Whether more suggestions follow this page. */
    hasMore: z.boolean(),
  }),
});

export const SONG_SEARCH_FIELDS = ["title", "artist", "album"] as const;

export const searchSongs = defineEndpoint({
  method: "GET",
  path: "/music/song/search",
  summary: "Songs whose title, artists or album match, best first",
  tags: ["search"],
  auth: "bearer",
  query: z.object({
    text: searchText,
    ...paging,
    /** Comma-separated: title, artist, album (default all three). */
    searchFields: z
      .string()
      .optional()
      .transform((value) =>
        value ? value.split(",").map((field) => field.trim()) : [...SONG_SEARCH_FIELDS],
      )
      .pipe(z.array(z.enum(SONG_SEARCH_FIELDS)).min(1)),
  }),
  response: pagedSchema(songSchema),
});
