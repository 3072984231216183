import { INPUT, PAGING } from "../constants.ts";
import { defineEndpoint, fileAnswer, okSchema, pagedSchema, uuidSchema } from "../endpoint.ts";
import { STAFF_ROLES } from "../roles.ts";
import { z } from "../zod.ts";

/**
 * The catalog of the music library (SPEC.md §7 Playlists and songs): the
 * authors, copyright holders and genres that songs point at, each listed
 * with search, added, read, renamed and removed; and the licence documents
 * kept with an author.
 */

/** The three kinds of catalog entry, as their paths spell them. */
export const CATALOG_KINDS = ["author", "copyright-holder", "genre"] as const;
export type CatalogKind = (typeof CATALOG_KINDS)[number];

export const catalogEntrySchema = z
  .object({
    id: uuidSchema,
    name: z.string(),
    /** How many songs of the library (not removed ones) point at this entry. */
    songCount: z.number().int().nonnegative(),
  })
  .meta({ id: "CatalogEntry" });
export type CatalogEntry = z.infer<typeof catalogEntrySchema>;

/**
 * A catalog name: trimmed, runs of white space made one space, 1 to 200
 * characters. Two names differing only in letter case are the same name.
 */
export const catalogNameSchema = z
  .string()
  .transform((value) => value.replace(/\s+/g, " ").trim())
  .pipe(z.string().min(1).max(INPUT.defaultMax));

export const catalogNameBodySchema = z
  .object({ name: catalogNameSchema })
  .strict()
  .meta({ id: "CatalogName" });

/** Licence documents an author's files may be, by content. */
export const AUTHOR_ATTACHMENTS = {
  maxMb: 20,
  /** What the content may be: PDF, JPEG, PNG, DOC, DOCX, ODT. */
  mediaTypes: [
    "application/pdf",
    "image/jpeg",
    "image/png",
    "application/msword",
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    "application/vnd.oasis.opendocument.text",
  ],
  /** The same, as people name them. */
  formats: ["PDF", "JPEG", "PNG", "DOC", "DOCX", "ODT"],
} as const;

export const authorAttachmentSchema = z
  .object({
    id: uuidSchema,
    /** The name the file was uploaded with. */
    fileName: z.string(),
    contentType: z.enum(AUTHOR_ATTACHMENTS.mediaTypes),
    sizeBytes: z.number().int().nonnegative(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "AuthorAttachment" });
export type AuthorAttachment = z.infer<typeof authorAttachmentSchema>;

const idParams = z.object({ id: uuidSchema });

/** The search of every catalog list; `defaultLimit` differs by kind. */
function searchQuery(defaultLimit: number) {
  return z.object({
    /** Part of the name, any letter case, ё the same as е; empty or left out: every entry. */
    text: z.string().trim().max(INPUT.defaultMax).optional(),
    limit: z.coerce.number().int().min(1).max(PAGING.maxPageSize).default(defaultLimit),
    offset: z.coerce.number().int().min(0).default(0),
  });
}

interface KindWords {
  path: `/music/${CatalogKind}`;
  /** "an author", for summaries. */
  one: string;
  /** "authors", for summaries. */
  many: string;
  defaultLimit: number;
  /** What else a removal takes with it, for the summary. */
  removalNote: string;
}

/** The five calls every kind has: list with search, add, get, change, remove. */
function catalogCalls(words: KindWords) {
  const tags = ["catalog"];
  return {
    list: defineEndpoint({
      method: "GET",
      path: words.path,
      summary: `Search ${words.many} by part of the name (any case, ё = е), ordered by name`,
      tags,
      auth: "bearer",
      query: searchQuery(words.defaultLimit),
      response: pagedSchema(catalogEntrySchema),
    }),
    add: defineEndpoint({
      method: "POST",
      roles: ["role-content-manager"],
      path: `${words.path}/add`,
      summary: `Add ${words.one}; a name already taken (in any letter case) is refused`,
      tags,
      auth: "bearer",
      body: catalogNameBodySchema,
      response: catalogEntrySchema,
      successStatus: 201,
    }),
    get: defineEndpoint({
      method: "GET",
      path: `${words.path}/:id`,
      summary: `One of the ${words.many}, with its song count`,
      tags,
      auth: "bearer",
      params: idParams,
      response: catalogEntrySchema,
    }),
    change: defineEndpoint({
      method: "POST",
      roles: ["role-content-manager"],
      path: `${words.path}/:id/change`,
      summary: `Rename ${words.one}; songs show the new name`,
      tags,
      auth: "bearer",
      params: idParams,
      body: catalogNameBodySchema,
      response: catalogEntrySchema,
    }),
    remove: defineEndpoint({
      method: "POST",
      roles: ["role-content-manager"],
      path: `${words.path}/:id/remove`,
      summary: `Remove ${words.one} for good; songs that pointed at it point at none${words.removalNote}`,
      tags,
      auth: "bearer",
      params: idParams,
      response: okSchema,
    }),
  };
}

const authorCalls = catalogCalls({
  path: "/music/author",
  one: "an author",
  many: "authors",
  defaultLimit: PAGING.searchPageSize,
  removalNote: "; the author's documents go with it",
});
const copyrightHolderCalls = catalogCalls({
  path: "/music/copyright-holder",
  one: "a copyright holder",
  many: "copyright holders",
  defaultLimit: PAGING.searchPageSize,
  removalNote: "",
});
// SPEC.md §7: GET /music/genre lists all genres; there are few, so a page holds them all.
const genreCalls = catalogCalls({
  path: "/music/genre",
  one: "a genre",
  many: "genres",
  defaultLimit: PAGING.maxPageSize,
  removalNote: "",
});

export const listAuthors = authorCalls.list;
export const addAuthor = authorCalls.add;
export const getAuthor = authorCalls.get;
export const changeAuthor = authorCalls.change;
export const removeAuthor = authorCalls.remove;

export const listCopyrightHolders = copyrightHolderCalls.list;
export const addCopyrightHolder = copyrightHolderCalls.add;
export const getCopyrightHolder = copyrightHolderCalls.get;
export const changeCopyrightHolder = copyrightHolderCalls.change;
export const removeCopyrightHolder = copyrightHolderCalls.remove;

export const listGenres = genreCalls.list;
export const addGenre = genreCalls.add;
export const getGenre = genreCalls.get;
export const changeGenre = genreCalls.change;
export const removeGenre = genreCalls.remove;

const attachmentParams = z.object({ id: uuidSchema, attachmentId: uuidSchema });

export const addAuthorAttachment = defineEndpoint({
  method: "POST",
  path: "/music/author/:id/attachment-file/add",
  summary:
    "Attach a licence document to an author: PDF, JPEG, PNG, DOC, DOCX or ODT (by content), " +
    "at most 20 MB. The same content attached again answers the attachment already there",
  tags: ["catalog"],
  auth: "bearer",
  roles: ["role-content-manager"],
  params: idParams,
  upload: { accept: [...AUTHOR_ATTACHMENTS.mediaTypes] },
  response: authorAttachmentSchema,
  successStatus: 201,
});

export const listAuthorAttachments = defineEndpoint({
  method: "GET",
  path: "/music/author/:id/attachment-file",
  summary: "The documents attached to an author, oldest first (staff only)",
  tags: ["catalog"],
  auth: "bearer",
  roles: STAFF_ROLES,
  params: idParams,
  response: z.array(authorAttachmentSchema),
});

export const getAuthorAttachment = defineEndpoint({
  ...fileAnswer(AUTHOR_ATTACHMENTS.mediaTypes),
  path: "/music/author/:id/attachment-file/:attachmentId",
  summary:
    "Download one of an author's documents (as an attachment, with its name); " +
    "the token may be given as access_token",
  tags: ["catalog"],
  roles: STAFF_ROLES,
  params: attachmentParams,
});

export const removeAuthorAttachment = defineEndpoint({
  method: "POST",
  path: "/music/author/:id/attachment-file/:attachmentId/remove",
  summary: "Remove one of an author's documents",
  tags: ["catalog"],
  auth: "bearer",
  roles: ["role-content-manager"],
  params: attachmentParams,
  response: okSchema,
});
