import type { SearchCategory } from "@fonika/shared";
import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { escapeLikePattern } from "../../db/like.ts";

/**
 * SQL of the library's search: reads songs and playlists (owned by their
 * modules) through the trigram indexes of migration 0005. Text is compared
 * in one normal form, fonika_search_text (lower case, 'ё' → 'е', accents
 * dropped); a match is exact, a prefix, a substring, or similar as a word
 * (pg_trgm's `<%`), ranked in that order, then by similarity.
 */

/** How similar a word must be to count as a match despite a typo (pg_trgm word similarity). */
const WORD_SIMILARITY = 0.5;

export interface SearchTerms {
  /** The text as typed (normalized by SQL). */
  text: string;
  /** Below three letters trigrams cannot tell much: the starts of words only. */
  short: boolean;
}

export interface SuggestionRow {
  category: SearchCategory;
  id: string | null;
  name: string;
  artist: string | null;
  obscene: boolean | null;
}

/**
 * Runs `work` with the typo tolerance set for this transaction only, and
 * plans made for the actual text: a prefix can then use a B-tree range,
 * which a plan made for any text cannot.
 */
export async function withSearchSettings<T>(
  db: Executor,
  work: (tx: Executor) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY)}, true),
                 set_config('plan_cache_mode', 'force_custom_plan', true)`,
    );
    return work(tx);
  });
}

/** The text as patterns: itself, a prefix, a substring, the start of a later word. */
function patternsOf(terms: SearchTerms) {
  const escaped = escapeLikePattern(terms.text);
  return {
    query: sql`fonika_search_text(${terms.text})`,
    prefix: sql`fonika_search_text(${escaped}) || '%'`,
    inside: sql`'%' || fonika_search_text(${escaped}) || '%'`,
    wordPrefix: sql`'% ' || fonika_search_text(${escaped}) || '%'`,
  };
}

/** The match condition, rank and score of one normalized column against the terms. */
function matching(column: SQL, terms: SearchTerms) {
  const { query, prefix, inside, wordPrefix } = patternsOf(terms);
  const condition = terms.short
    ? sql`(${column} like ${prefix} or ${column} like ${wordPrefix})`
    : sql`(${column} like ${inside} or ${query} <% ${column})`;
  const rank = sql`case when ${column} = ${query} then 0 when ${column} like ${prefix} then 1
    when ${column} like ${inside} or ${column} like ${wordPrefix} then 2 else 3 end`;
  const score = sql`word_similarity(${query}, ${column})`;
  return { condition, rank, score };
}

/** Similar rows looked at to find the most similar: bounds a typo's cost. */
const SIMILAR_POOL = 200;

/**
 * The ids (`columns`) of the best `limit` rows of `table` whose normalized
 * `key` matches, found tier by tier, each by its own index and cut short:
 * prefixes (B-tree range, in order), substrings or starts of later words
 * (GIN trigrams), and, only when those leave room, the most similar of at
 * most SIMILAR_POOL rows similar as a word. Ranking then looks at these rows
 * only, never at every match of a common word.
 */
function candidates(
  table: SQL,
  columns: SQL,
  key: SQL,
  where: SQL,
  terms: SearchTerms,
  limit: number,
): SQL {
  const { query, prefix, inside, wordPrefix } = patternsOf(terms);
  const tiers = [
    sql`(select ${columns} from ${table} where ${where} and ${key} like ${prefix} order by ${key} limit ${limit})`,
    sql`(select ${columns} from ${table} where ${where} and ${key} like ${terms.short ? wordPrefix : inside} limit ${limit})`,
  ];
  if (!terms.short) {
    // Only when the exact tiers leave room: a one-time filter, so that a
    // common word never pays for the similarity of rows it will not show.
    const found = sql.join(tiers, sql` union `);
    tiers.push(
      sql`(select ${columns} from (select ${columns}, ${key} as similar_key from ${table}
             where ${where} and ${query} <% ${key}
               and (select count(*) from (${found}) found) < ${limit}
             limit ${SIMILAR_POOL}) pool
           order by ${query} <<-> similar_key limit ${limit})`,
    );
  }
  return sql.join(tiers, sql` union `);
}

/**
 * The best suggestions of every category, each category's best `perCategory`
 * first, merged best first: exact, prefix, substring, similar.
 * `playableOnly` keeps to playlists whose current version has tracks.
 */
export async function suggest(
  db: Executor,
  terms: SearchTerms,
  options: { perCategory: number; offset: number; limit: number; playableOnly: boolean },
): Promise<SuggestionRow[]> {
  const n = options.perCategory;
  const title = matching(sql`s.title_key`, terms);
  const term = matching(sql`t.key`, terms);
  const playlistName = matching(sql`p.name_key`, terms);
  const tag = matching(sql`fonika_search_text(tag)`, terms);
  const live = options.playableOnly
    ? sql`p.deleted_at is null and exists (select 1 from vault_entries v
        where v.id = p.current_version_id and v.tracks_count > 0)`
    : sql`p.deleted_at is null`;
  const songIds = candidates(
    sql`songs`,
    sql`id`,
    sql`title_key`,
    sql`removed_at is null`,
    terms,
    n,
  );
  const playlistIds = candidates(sql`playlists p`, sql`id`, sql`name_key`, live, terms, n);
  const taggedIds = candidates(sql`playlists p`, sql`id`, sql`tags_key`, live, terms, n);
  const termsOfKind = (kind: "artist" | "album") =>
    sql`select ${kind === "artist" ? sql`'artists'` : sql`'albums'`}, ${kind === "artist" ? 2 : 3},
               null, t.name, null, null, ${term.rank} as rank, ${term.score} as score
          from search_terms t
         where t.kind = ${kind} and (t.kind, t.key) in (${candidatesOfTerms(kind, terms, n)})
         order by rank, score desc, t.uses desc, t.name limit ${n}`;
  const result = await db.execute(sql`
    select category, id, name, artist, obscene from (
      (select 'songs' as category, 1 as sort, s.id::text as id, s.title as name,
              s.artists[1] as artist, s.obscene_lexicon as obscene,
              ${title.rank} as rank, ${title.score} as score
         from songs s
        where s.id in (${songIds})
        order by rank, score desc, s.title limit ${n})
      union all (${termsOfKind("artist")})
      union all (${termsOfKind("album")})
      union all
      (select 'playlists', 4, p.id::text, p.name, null, null,
              ${playlistName.rank}, ${playlistName.score}
         from playlists p
        where p.id in (${playlistIds}) and ${playlistName.condition}
          and exists (select 1 from vault_entries e where e.playlist_id = p.id and e.type = 'playlist')
        order by 7, 8 desc, p.name limit ${n})
      union all
      (select 'tags', 5, null, name, null, null, rank, score from (
         select distinct on (fonika_search_text(tag)) tag as name,
                ${tag.rank} as rank, ${tag.score} as score
           from playlists p cross join lateral unnest(p.tags) as tag
          where p.id in (${taggedIds}) and ${tag.condition}
          order by fonika_search_text(tag), tag) tags
        order by rank, score desc, name limit ${n})
    ) found
    order by rank, score desc, sort, name
    offset ${options.offset} limit ${options.limit}`);
  return rowsOf<SuggestionRow>(result);
}

/** The (kind, key) of the best artist or album terms, tier by tier (see candidates). */
function candidatesOfTerms(kind: "artist" | "album", terms: SearchTerms, limit: number): SQL {
  return candidates(sql`search_terms`, sql`kind, key`, sql`key`, sql`kind = ${kind}`, terms, limit);
}

export type SongSearchField = "title" | "artist" | "album";

/** Songs matching in any of `fields`, best first: ids and the total. */
export async function searchSongIds(
  db: Executor,
  terms: SearchTerms,
  fields: readonly SongSearchField[],
  paging: { limit: number; offset: number },
): Promise<{ ids: string[]; total: number }> {
  const columns: Record<SongSearchField, SQL> = {
    title: sql`s.title_key`,
    artist: sql`fonika_search_words(s.artists)`,
    album: sql`fonika_search_text(s.album)`,
  };
  const matches = fields.map((field) => matching(columns[field], terms));
  const where = sql`s.removed_at is null and (${sql.join(
    matches.map((match) => match.condition),
    sql` or `,
  )})`;
  const rank = sql`least(${sql.join(
    matches.map((match) => match.rank),
    sql`, `,
  )})`;
  const score = sql`greatest(${sql.join(
    matches.map((match) => match.score),
    sql`, `,
  )})`;
  const rows = await db.execute(sql`
    select s.id::text as id, count(*) over () as total from songs s where ${where}
    order by ${rank}, ${score} desc, s.title, s.id
    offset ${paging.offset} limit ${paging.limit}`);
  const list = rowsOf<{ id: string; total: string | number }>(rows);
  if (list.length > 0) return { ids: list.map((row) => row.id), total: Number(list[0]?.total) };
  if (paging.offset === 0) return { ids: [], total: 0 };
  const counted = rowsOf<{ total: string | number }>(
    await db.execute(sql`select count(*) as total from songs s where ${where}`),
  );
  return { ids: [], total: Number(counted[0]?.total ?? 0) };
}

/** The rows of a raw query on either driver (node-postgres and PGlite both answer `rows`). */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
