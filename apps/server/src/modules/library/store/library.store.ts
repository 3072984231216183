import { type Bound, bind } from "../../../db/bound-store.ts";
import type { Executor } from "../../../db/client.ts";
import * as authorAttachments from "./author-attachments.repository.ts";
import * as catalog from "./catalog.repository.ts";
import * as favouritePlaylists from "./favourite-playlists.repository.ts";
import * as playlists from "./playlists.repository.ts";
import * as search from "./search.repository.ts";
import * as songRatings from "./song-ratings.repository.ts";
import * as songs from "./songs.repository.ts";
import * as vaultEntries from "./vault-entries.repository.ts";

/**
 * The library's data (Navidrome's DataStore): one repository per table it
 * owns, each bound to the database or to the transaction in progress, and
 * `withTx` to run work in one transaction. Only the library writes these
 * tables (architecture.test.ts); search reads across them.
 */
export class LibraryStore {
  readonly songs: Bound<typeof songs>;
  readonly songRatings: Bound<typeof songRatings>;
  readonly catalog: Bound<typeof catalog>;
  readonly authorAttachments: Bound<typeof authorAttachments>;
  readonly playlists: Bound<typeof playlists>;
  readonly favouritePlaylists: Bound<typeof favouritePlaylists>;
  readonly vaultEntries: Bound<typeof vaultEntries>;
  readonly search: Bound<typeof search>;

  constructor(
    /** The database, or the transaction this store's work runs in. */
    readonly executor: Executor,
  ) {
    this.songs = bind(songs, executor);
    this.songRatings = bind(songRatings, executor);
    this.catalog = bind(catalog, executor);
    this.authorAttachments = bind(authorAttachments, executor);
    this.playlists = bind(playlists, executor);
    this.favouritePlaylists = bind(favouritePlaylists, executor);
    this.vaultEntries = bind(vaultEntries, executor);
    this.search = bind(search, executor);
  }

  /**
   * Runs `work` in one transaction with a store bound to it; inside a
   * transaction already, in a savepoint of it. Committed when `work`
   * resolves, rolled back when it throws.
   */
  withTx<T>(work: (tx: LibraryStore) => Promise<T>): Promise<T> {
    return this.executor.transaction((tx) => work(new LibraryStore(tx)));
  }
}
