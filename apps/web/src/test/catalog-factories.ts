import type { AuthorAttachment, CatalogEntry } from "@fonika/shared";
import { nextId } from "./library-factories.ts";

/**
 * Catalog answers for the web tests (authors, copyright holders, genres),
 * shaped as the shared schemas demand (the scripted server checks every
 * reply against them).
 */

export function buildCatalogEntry(overrides: Partial<CatalogEntry> = {}): CatalogEntry {
  return { id: nextId(), name: "Джаз", songCount: 0, ...overrides };
}

/** A page of entries as a list call answers it: `total` in all, `pageSize` a page. */
export function buildCatalogPage(entries: CatalogEntry[], total = entries.length, pageSize = 30) {
  return { data: entries, total, totalPages: Math.ceil(total / pageSize) };
}

export function buildAuthorAttachment(overrides: Partial<AuthorAttachment> = {}): AuthorAttachment {
  return {
    id: nextId(),
    fileName: "Договор.pdf",
    contentType: "application/pdf",
    sizeBytes: 120_000,
    createdAt: "2025-02-01T10:00:00.000Z",
    ...overrides,
  };
}
