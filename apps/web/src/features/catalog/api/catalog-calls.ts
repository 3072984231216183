import { type CatalogKind, catalogApi } from "@fonika/shared";

/**
 * The five calls of each kind of catalog entry (list, add, get, change,
 * remove): the same shapes at each kind's own path, so one screen serves
 * the three kinds.
 */
export const CATALOG_CALLS = {
  author: {
    list: catalogApi.listAuthors,
    add: catalogApi.addAuthor,
    get: catalogApi.getAuthor,
    change: catalogApi.changeAuthor,
    remove: catalogApi.removeAuthor,
  },
  "copyright-holder": {
    list: catalogApi.listCopyrightHolders,
    add: catalogApi.addCopyrightHolder,
    get: catalogApi.getCopyrightHolder,
    change: catalogApi.changeCopyrightHolder,
    remove: catalogApi.removeCopyrightHolder,
  },
  genre: {
    list: catalogApi.listGenres,
    add: catalogApi.addGenre,
    get: catalogApi.getGenre,
    change: catalogApi.changeGenre,
    remove: catalogApi.removeGenre,
  },
} as const satisfies Record<
  CatalogKind,
  Record<"list" | "add" | "get" | "change" | "remove", unknown>
>;
