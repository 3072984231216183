import type { CatalogKind } from "@fonika/shared";

/**
 * The first part of every cached catalog answer: the genres the track
 * editor offers, the credits it searches and the catalog screen's pages
 * all start with it, so a change to the catalog refreshes them all.
 */
export const catalogQueryKey = ["catalog"] as const;

/** One entry of a kind, as the removal's question reads it again. */
export function catalogEntryQueryKey(kind: CatalogKind, id: string) {
  return [...catalogQueryKey, kind, "one", id] as const;
}

/** The documents attached to an author. */
export function authorAttachmentsQueryKey(authorId: string) {
  return [...catalogQueryKey, "author", "attachments", authorId] as const;
}
