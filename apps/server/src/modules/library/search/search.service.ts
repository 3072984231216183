import type { Song, Suggestion, searchApi } from "@fonika/shared";
import type { z } from "zod";
import type { Actor } from "../../../kernel/actor.ts";
import { type Page, toPage } from "../../../lib/paging.ts";
import type { MusicAccess } from "../access/music-access.ts";
import type { SongsService } from "../songs/songs.service.ts";
import type { LibraryStore } from "../store/library.store.ts";
import type { SearchScope, SearchTerms } from "../store/search.repository.ts";
import { maySeeEveryPlaylist } from "./search.policy.ts";

export interface SearchDependencies {
  store: LibraryStore;
  songs: SongsService;
  /** What a caller may play: search lists nothing else (its meta would refuse it). */
  access: MusicAccess;
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
   * substring, similar). Clients and devices find only what they may play
   * (songs, their artists and albums, playlists and their tags); content
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
      scope: await this.scopeOf(actor),
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

  /** Songs matching the text, of those the caller may play (staff: all). */
  async songs(actor: Actor, query: SongQuery): Promise<Page<Song>> {
    const { ids, total } = await this.store.search.searchSongIds(
      termsOf(query.text),
      query.searchFields,
      query,
      await this.scopeOf(actor),
    );
    return toPage(await this.deps.songs.getMany(ids), total, query.limit);
  }

  /** What the actor may find; undefined for staff (the whole library). */
  private async scopeOf(actor: Actor): Promise<SearchScope | undefined> {
    const playlists = await this.deps.access.playlistsOf(actor);
    if (playlists === null) return undefined;
    const barred = await this.deps.access.barredSongs();
    return { playlistIds: [...playlists], barredSongIds: [...barred] };
  }
}
