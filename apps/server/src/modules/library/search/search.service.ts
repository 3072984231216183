import type { Song, Suggestion, searchApi } from "@fonika/shared";
import type { z } from "zod";
import { type Page, toPage } from "../../../lib/paging.ts";
import type { Actor } from "../../../plugins/auth.ts";
import type { SongsService } from "../songs/songs.service.ts";
import type { LibraryStore } from "../store/library.store.ts";
import type { SearchTerms } from "../store/search.repository.ts";
import { maySeeEveryPlaylist } from "./search.policy.ts";

export interface SearchDependencies {
  store: LibraryStore;
  songs: SongsService;
}

type CommonQuery = z.output<NonNullable<typeof searchApi.commonSearch.query>>;
type SongQuery = z.output<NonNullable<typeof searchApi.searchSongs.query>>;

/** Below this many letters a query matches only at the start of words. */
const SHORT_QUERY = 3;

function termsOf(text: string): SearchTerms {
  return { text, short: [...text].length < SHORT_QUERY };
}

/** The library's search: the header's suggestions and the song search. */
export class SearchService {
  private readonly store: LibraryStore;

  constructor(private readonly deps: SearchDependencies) {
    this.store = deps.store;
  }

  /**
   * Suggestions across the five categories, best first (exact, prefix,
   * substring, similar). Clients get the playlists they can play; content
   * managers every playlist in the library.
   */
  async common(
    actor: Actor,
    query: CommonQuery,
  ): Promise<{ data: Suggestion[]; hasMore: boolean }> {
    const rows = await this.store.search.suggest(termsOf(query.text), {
      // Enough of each category to fill this page and tell whether more follow.
      perCategory: query.offset + query.limit + 1,
      offset: query.offset,
      limit: query.limit + 1,
      playableOnly: !maySeeEveryPlaylist(actor),
    });
    return {
      data: rows.slice(0, query.limit).map((row) => ({
        name: row.name,
        category: row.category,
        ...(row.id ? { id: row.id } : {}),
        ...(row.category === "songs"
          ? { ...(row.artist ? { artist: row.artist } : {}), obsceneLexicon: Boolean(row.obscene) }
          : {}),
      })),
      hasMore: rows.length > query.limit,
    };
  }

  async songs(_actor: Actor, query: SongQuery): Promise<Page<Song>> {
    const { ids, total } = await this.store.search.searchSongIds(
      termsOf(query.text),
      query.searchFields,
      query,
    );
    return toPage(await this.deps.songs.getMany(ids), total, query.limit);
  }
}
