import { INPUT, PAGING } from "../constants.ts";
import { defineEndpoint, pagedSchema, uuidSchema } from "../endpoint.ts";
import { z } from "../zod.ts";
import { tariffRefSchema } from "./tariffs.ts";

/**
 * The vault: the content manager's tree of the library (SPEC.md §3 Library
 * entry, §4 Library, §5, §7 Library (vault); CONTRACT.md Library). Three
 * partition roots (playlists, tracks, deleted); in Playlists folders hold
 * folders and playlists, a playlist holds versions, a version holds tracks;
 * in Tracks folders hold folders and tracks; the trash holds what was deleted.
 */

export const ENTRY_TYPES = ["partition", "folder", "playlist", "version", "track"] as const;
export const entryTypeSchema = z.enum(ENTRY_TYPES);
export type EntryType = z.infer<typeof entryTypeSchema>;

export const PARTITION_TYPES = ["playlists", "tracks", "deleted"] as const;
export const partitionTypeSchema = z.enum(PARTITION_TYPES);
export type PartitionType = z.infer<typeof partitionTypeSchema>;

/** The fixed ids of the three partition roots. */
export const PARTITION_IDS: Record<PartitionType, string> = {
  playlists: "00000000-0000-4000-8000-000000000001",
  tracks: "00000000-0000-4000-8000-000000000002",
  deleted: "00000000-0000-4000-8000-000000000003",
};

/** What a track row shows of its song. */
export const entrySongSchema = z.object({
  title: z.string(),
  artists: z.array(z.string()),
  album: z.string().nullable(),
  durationMs: z.number().int().nonnegative(),
  obsceneLexicon: z.boolean(),
  removed: z.boolean(),
});

export const libraryEntrySchema = z
  .object({
    entryId: uuidSchema,
    entryType: entryTypeSchema,
    partitionType: partitionTypeSchema,
    name: z.string(),
    parentId: uuidSchema.nullable(),
    /** Bytes of every track below it (a track: its song's file). */
    size: z.number().int().nonnegative(),
    createdDate: z.iso.datetime(),
    modifiedDate: z.iso.datetime(),
    tracksCount: z.number().int().nonnegative(),
    /** Milliseconds of every track below it. */
    tracksDuration: z.number().int().nonnegative(),
    songId: uuidSchema.nullable(),
    playlistId: uuidSchema.nullable(),
    /** Position among its siblings (a version's tracks play in this order). */
    position: z.number().int(),
    /** A version: whether it is its playlist's current one. */
    isCurrent: z.boolean().optional(),
    /** A track: what its row shows of the song. */
    song: entrySongSchema.optional(),
    /** In the trash: when it was deleted and the partition it came from. */
    deletedDate: z.iso.datetime().optional(),
    originPartitionType: partitionTypeSchema.optional(),
    /** A playlist in a listing (ls): the tariffs that hold it for every subscriber. */
    tariffs: z.array(tariffRefSchema).optional(),
  })
  .meta({ id: "LibraryEntry" });
export type LibraryEntry = z.infer<typeof libraryEntrySchema>;

export interface LibraryTreeNode extends LibraryEntry {
  children: LibraryTreeNode[];
}
export const libraryTreeNodeSchema: z.ZodType<LibraryTreeNode> = libraryEntrySchema
  .extend({ children: z.array(z.lazy(() => libraryTreeNodeSchema)) })
  .meta({ id: "LibraryTreeNode" });

/** Why one entry of a many-entry operation was not done. */
export const failedEntrySchema = z
  .object({
    entryId: z.string(),
    name: z.string().nullable(),
    /** duplicate-entry-error | composition-error | not-found | … */
    type: z.string(),
    /** Russian, shown as is in the failed-entries modal. */
    reason: z.string(),
  })
  .meta({ id: "FailedEntry" });
export type FailedEntry = z.infer<typeof failedEntrySchema>;

export const entriesResultSchema = z
  .object({
    /** The entries made or changed. */
    entries: z.array(libraryEntrySchema),
    failedEntries: z.array(failedEntrySchema),
  })
  .meta({ id: "EntriesResult" });
export type EntriesResult = z.infer<typeof entriesResultSchema>;

/**
 * What to do when the target already holds an entry of the same name (or,
 * for tracks, of the same song): skip it (reported in failedEntries), keep
 * both (the newcomer gets a numbered name), or replace the one there (it
 * goes to the trash).
 */
export const conflictPolicySchema = z.enum(["nothing", "both", "overwrite"]);
export type ConflictPolicy = z.infer<typeof conflictPolicySchema>;

export const VAULT_SORTS = ["name", "size", "createdDate", "modifiedDate", "position"] as const;
export const vaultSortSchema = z.enum(VAULT_SORTS);

const entryParams = z.object({ id: uuidSchema });
const entryName = z.string().trim().min(1).max(INPUT.defaultMax);
const entryIds = z.array(uuidSchema).min(1).max(PAGING.maxPageSize);
const policyQuery = z.object({ policy: conflictPolicySchema.default("nothing") });

export const listPartitions = defineEndpoint({
  method: "GET",
  path: "/vault/partition",
  summary: "The three partition roots: playlists, tracks, deleted (the trash)",
  tags: ["vault"],
  auth: "bearer",
  roles: ["role-content-manager"],
  response: z.array(libraryEntrySchema),
});

export const listEntries = defineEndpoint({
  method: "GET",
  path: "/vault/:id/ls",
  summary: "One page of an entry's children, filtered by name and sorted",
  tags: ["vault"],
  auth: "bearer",
  roles: ["role-content-manager"],
  params: entryParams,
  query: z.object({
    query: z.string().trim().max(INPUT.defaultMax).optional(),
    /** Default: position in a version, name elsewhere. */
    sortBy: vaultSortSchema.optional(),
    order: z.enum(["asc", "desc"]).default("asc"),
    page: z.coerce.number().int().min(0).default(0),
    count: z.coerce.number().int().min(1).max(PAGING.maxPageSize).default(PAGING.vaultLsCount),
  }),
  response: z.object({
    data: z.array(libraryEntrySchema),
    total: z.number().int().nonnegative(),
    totalPages: z.number().int().nonnegative(),
    /** The listed entry itself. */
    entry: libraryEntrySchema,
    /** Its ancestors, partition root first (breadcrumbs). */
    path: z.array(libraryEntrySchema),
  }),
});

export const entryTree = defineEndpoint({
  method: "GET",
  path: "/vault/:id/tree",
  summary:
    "The entry with its folders, playlists and versions below it (no tracks), for the side menu",
  tags: ["vault"],
  auth: "bearer",
  roles: ["role-content-manager"],
  params: entryParams,
  response: libraryTreeNodeSchema,
});

export const makeFolder = defineEndpoint({
  method: "POST",
  path: "/vault/:id/make-folder",
  summary: "Create a folder in a folder or partition root (at most 4 folders deep)",
  tags: ["vault"],
  auth: "bearer",
  roles: ["role-content-manager"],
  params: entryParams,
  body: z.object({ name: entryName }),
  response: libraryEntrySchema,
  successStatus: 201,
});

/**
 * A playlist without a place in the tree: its entry was deleted for good
 * while a tariff held it, so its record (name, cover, preview, the tariffs,
 * players and favourites that hold it) was kept; make-playlist places it again.
 */
export const unplacedPlaylistSchema = z
  .object({
    playlistId: uuidSchema,
    name: z.string(),
    /** When it was last changed: for one without a place, when it lost it. */
    modifiedDate: z.iso.datetime(),
    /** The tariffs that hold it for every subscriber (why it was kept). */
    tariffs: z.array(tariffRefSchema),
  })
  .meta({ id: "UnplacedPlaylist" });
export type UnplacedPlaylist = z.infer<typeof unplacedPlaylistSchema>;

export const listUnplacedPlaylists = defineEndpoint({
  method: "GET",
  path: "/vault/unplaced-playlists",
  summary:
    "Playlists without a place in the tree (deleted for good while a tariff held them), by name, to place with make-playlist",
  tags: ["vault"],
  auth: "bearer",
  roles: ["role-content-manager"],
  query: z.object({
    page: z.coerce.number().int().min(0).default(0),
    count: z.coerce.number().int().min(1).max(PAGING.maxPageSize).default(PAGING.maxPageSize),
  }),
  response: pagedSchema(unplacedPlaylistSchema),
});

export const makePlaylist = defineEndpoint({
  method: "POST",
  path: "/vault/:id/make-playlist",
  summary:
    "Place a playlist that has no place (see unplaced-playlists) into a folder of the Playlists partition; it is live again, without versions",
  tags: ["vault"],
  auth: "bearer",
  roles: ["role-content-manager"],
  params: entryParams,
  body: z.object({
    playlistId: uuidSchema,
    partitionType: partitionTypeSchema.default("playlists"),
  }),
  response: libraryEntrySchema,
  successStatus: 201,
});

export const makeVersion = defineEndpoint({
  method: "POST",
  path: "/vault/:id/make-version",
  summary: "Create a version of a playlist; a playlist's first version becomes its current one",
  tags: ["vault"],
  auth: "bearer",
  roles: ["role-content-manager"],
  params: entryParams,
  body: z.object({
    partitionType: partitionTypeSchema.default("playlists"),
    /** Default: 'Версия N'. */
    name: entryName.optional(),
  }),
  response: libraryEntrySchema,
  successStatus: 201,
});

export const makeSong = defineEndpoint({
  method: "POST",
  path: "/vault/:id/make-song",
  summary: "Add songs as tracks to a folder of the Tracks partition or to a version",
  tags: ["vault"],
  auth: "bearer",
  roles: ["role-content-manager"],
  params: entryParams,
  query: policyQuery,
  body: z.object({ songIds: z.array(uuidSchema).min(1).max(PAGING.maxPageSize) }),
  response: entriesResultSchema,
});

export const deleteEntries = defineEndpoint({
  method: "POST",
  path: "/vault/:id/delete",
  summary: "Move children of the entry to the trash",
  tags: ["vault"],
  auth: "bearer",
  roles: ["role-content-manager"],
  params: entryParams,
  body: z.object({ deleteEntryIds: entryIds }),
  response: entriesResultSchema,
});

export const deleteEntriesForever = defineEndpoint({
  method: "POST",
  path: "/vault/:id/delete-forever",
  summary: "Delete entries in the trash for good (songs stay in the library)",
  tags: ["vault"],
  auth: "bearer",
  roles: ["role-content-manager"],
  params: entryParams,
  body: z.object({ deleteEntryIds: entryIds }),
  response: entriesResultSchema,
});

export const restoreEntry = defineEndpoint({
  method: "POST",
  path: "/vault/restore",
  summary: "Put an entry from the trash back where it was (or into its partition root)",
  tags: ["vault"],
  auth: "bearer",
  roles: ["role-content-manager"],
  body: z.object({ restoreEntryId: uuidSchema }),
  response: libraryEntrySchema,
});

export const moveEntries = defineEndpoint({
  method: "POST",
  path: "/vault/:id/mv",
  summary:
    "Move entries into this entry; each is moved whole or reported in failedEntries. When none may go there at all (every one refused by composition or depth), 400 composition-error with the first refusal's reason",
  tags: ["vault"],
  auth: "bearer",
  roles: ["role-content-manager"],
  params: entryParams,
  query: policyQuery,
  body: z.object({ entryIds }),
  response: entriesResultSchema,
});

export const copyEntries = defineEndpoint({
  method: "POST",
  path: "/vault/:id/cp",
  summary:
    "Copy entries (with everything below them) into this entry; failures as for mv, and the same 400 composition-error when none may go there at all",
  tags: ["vault"],
  auth: "bearer",
  roles: ["role-content-manager"],
  params: entryParams,
  query: policyQuery,
  body: z.object({ entryIds }),
  response: entriesResultSchema,
});

export const editEntry = defineEndpoint({
  method: "POST",
  path: "/vault/:id/edit",
  summary: "Rename a child of this entry",
  tags: ["vault"],
  auth: "bearer",
  roles: ["role-content-manager"],
  params: entryParams,
  body: z.object({ updatedEntryId: uuidSchema, updatedName: entryName }),
  response: libraryEntrySchema,
});

export const orderEntries = defineEndpoint({
  method: "POST",
  path: "/vault/:id/order",
  summary: "Put the tracks of a version in this order (all of them, each once)",
  tags: ["vault"],
  auth: "bearer",
  roles: ["role-content-manager"],
  params: entryParams,
  body: z.object({ entryIds: z.array(uuidSchema).max(10_000) }),
  response: z.array(libraryEntrySchema),
});
