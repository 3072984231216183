import { defineStore } from "../../../db/bound-store.ts";
import * as authorAttachments from "./author-attachments.repository.ts";
import * as catalog from "./catalog.repository.ts";
import * as favouritePlaylists from "./favourite-playlists.repository.ts";
import * as licences from "./licences.repository.ts";
import * as playlists from "./playlists.repository.ts";
import * as search from "./search.repository.ts";
import * as songCredits from "./song-credits.repository.ts";
import * as songRatings from "./song-ratings.repository.ts";
import * as songs from "./songs.repository.ts";
import * as vaultEntries from "./vault-entries.repository.ts";

/**
 * The library's data (Navidrome's DataStore): one repository per table it
 * owns, each bound to the database or to the transaction in progress, and
 * `withTx` to run work in one transaction. Only the library writes these
 * tables (architecture.test.ts); search reads across them.
 */
export const LibraryStore = defineStore({
  authorAttachments,
  catalog,
  favouritePlaylists,
  licences,
  playlists,
  search,
  songCredits,
  songRatings,
  songs,
  vaultEntries,
});
export type LibraryStore = InstanceType<typeof LibraryStore>;
