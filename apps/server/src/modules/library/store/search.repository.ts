import type { SearchCategory } from "@fonika/shared";
import { type SQL, sql } from "drizzle-orm";
import { anyId } from "../../../db/any-id.ts";
import { type Executor, rowsOf } from "../../../db/client.ts";
import { escapeLikePattern } from "../../../db/like.ts";

/**
 * SQL of the library's search: reads songs and playlists (owned by their
 * modules) and the search terms (artists, albums, and the vocabulary of
 * words) kept by the triggers of migrations 0006 and 0008. Text is compared
 * in one normal form, fonika_search_text (lower case, 'ё' → 'е', accents
 * dropped). A match is, best first: exact, a prefix (a B-tree range read in
 * order), a substring or, for one or two letters, the start of a later word
 * (GIN trigrams), or the text with its typos corrected against the
 * vocabulary (a regular expression the same trigram index answers). Each
 * tier is one statement of fixed text, prepared once and planned once; the
 * next tier runs only while the page is not full.
 */

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

type Tier = "prefix" | "inside" | "typo";

/**
 * What a caller may find (issue 27: search lists nothing its meta would
 * refuse): the playlists it may play and the songs of their current
 * versions. Absent for staff: the whole library.
 */
export interface SearchScope {
  playlistIds: readonly string[];
  /** Songs of those playlists no venue may play today (their holder's licence): not found. */
  barredSongIds: readonly string[];
}

/** `s` (a song) is a track of the current version of a playlist in the scope, and not barred. */
function inScopeSongs(scope: SearchScope): SQL {
  const barred =
    scope.barredSongIds.length > 0
      ? sql` and not (${anyId(sql`s.id`, scope.barredSongIds)})`
      : sql``;
  return sql`exists (select 1 from playlists sp
      join vault_entries st on st.parent_id = sp.current_version_id and st.type = 'track'
     where ${anyId(sql`sp.id`, scope.playlistIds)} and sp.deleted_at is null and st.song_id = s.id)${barred}`;
}

/** The text as the patterns of every tier; `typo` once the vocabulary has corrected it. */
interface Patterns {
  terms: SearchTerms;
  typo?: string;
}

const CATEGORY_ORDER: Record<SearchCategory, number> = {
  songs: 1,
  artists: 2,
  albums: 3,
  playlists: 4,
  tags: 5,
};

function normalized(terms: SearchTerms): SQL {
  return sql`fonika_search_text(${terms.text})`;
}

/** `key` starts with `start` (normal form): a range in byte order, which the "C" prefix indexes read in order. */
function startsWith(key: SQL, start: SQL): SQL {
  return sql`(${key} collate "C" >= ${start} and ${key} collate "C" < ${start} || chr(1114111))`;
}

/** `key` holds the text (or, when short, a later word starts with it): GIN trigrams. */
function holds(key: SQL, terms: SearchTerms): SQL {
  const escaped = escapeLikePattern(terms.text);
  return terms.short
    ? sql`${key} like '% ' || fonika_search_text(${escaped}) || '%'`
    : sql`${key} like '%' || fonika_search_text(${escaped}) || '%'`;
}

/** The tiers are disjoint: each takes what the ones before it did not. */
function tierCondition(key: SQL, tier: Tier, patterns: Patterns): SQL {
  const { terms } = patterns;
  if (tier === "prefix") return startsWith(key, normalized(terms));
  if (tier === "inside")
    return sql`(${holds(key, terms)} and not ${startsWith(key, normalized(terms))})`;
  return sql`(${key} ~ ${patterns.typo ?? ""} and not ${holds(key, terms)} and not ${startsWith(key, normalized(terms))})`;
}

function rankOf(key: SQL, tier: Tier, terms: SearchTerms): SQL {
  if (tier === "prefix") return sql`case when ${key} = ${normalized(terms)} then 0 else 1 end`;
  return sql.raw(tier === "inside" ? "2" : "3");
}

/**
 * One tier's suggestions of every category, at most `limit` of each: prefix
 * tiers in key order (an index read that stops at `limit`), the others any
 * `limit` of their matches, ranked afterwards. `weight` orders a category's
 * equals (how many songs carry an artist or album).
 */
function tierQuery(
  tier: Tier,
  patterns: Patterns,
  limit: number,
  playableOnly: boolean,
  scope: SearchScope | undefined,
): SQL {
  const { terms } = patterns;
  const query = normalized(terms);
  const select = (key: SQL) => ({
    where: tierCondition(key, tier, patterns),
    rank: rankOf(key, tier, terms),
    score: sql`word_similarity(${query}, ${key})`,
    order: tier === "prefix" ? sql`order by ${key} collate "C"` : sql``,
  });
  const title = select(sql`s.title_key`);
  const term = select(sql`t.key`);
  const name = select(sql`p.name_key`);
  const tag = select(sql`tag_key`);
  const livePlaylists = playableOnly
    ? sql`p.deleted_at is null and exists (select 1 from vault_entries v
        where v.id = p.current_version_id and v.tracks_count > 0)`
    : sql`p.deleted_at is null`;
  const live = scope
    ? sql`${livePlaylists} and ${anyId(sql`p.id`, scope.playlistIds)}`
    : livePlaylists;
  const songsInScope = scope ? sql`and ${inScopeSongs(scope)}` : sql``;
  // Playlists whose tags may hold a match; which tag, and how well, is told per tag.
  const taggedCandidates =
    tier === "typo"
      ? sql`p.tags_key ~ ${patterns.typo ?? ""}`
      : holdsAnywhere(sql`p.tags_key`, terms);
  // In a scope, artists and albums are those of the songs in it, counted there (not the library's vocabulary).
  const scopedTerms = (kind: "artist" | "album") =>
    kind === "artist"
      ? sql`(select fonika_search_text(a) as key, min(a) as name, count(*)::int as uses
           from songs s cross join lateral unnest(s.artists) as a
          where s.removed_at is null ${songsInScope} and btrim(a) <> '' group by 1)`
      : sql`(select fonika_search_text(s.album) as key, min(s.album) as name, count(*)::int as uses
           from songs s
          where s.removed_at is null ${songsInScope} and btrim(coalesce(s.album, '')) <> '' group by 1)`;
  const termsOfKind = (kind: "artist" | "album") => sql`
    (select ${kind === "artist" ? sql.raw("'artists'") : sql.raw("'albums'")}, null, t.name, null::text, null::boolean,
            ${term.rank}, ${term.score}, t.uses
       from ${scope ? scopedTerms(kind) : sql`search_terms`} t
      where ${scope ? sql`true` : sql`t.kind = ${sql.raw(`'${kind}'`)}`} and ${term.where} ${term.order} limit ${limit})`;
  // One select around the union: PGlite prepares a statement that starts with `select`.
  return sql`select * from (
    (select 'songs' as category, s.id::text as id, s.title as name, s.artists[1] as artist,
            s.obscene_lexicon as obscene, ${title.rank} as rank, ${title.score} as score, 0 as weight
       from songs s
      where s.removed_at is null ${songsInScope} and ${title.where} ${title.order} limit ${limit})
    union all ${termsOfKind("artist")}
    union all ${termsOfKind("album")}
    union all
    (select 'playlists', p.id::text, p.name, null, null, ${name.rank}, ${name.score}, 0
       from playlists p
      where ${live} and ${name.where}
        and exists (select 1 from vault_entries e where e.playlist_id = p.id and e.type = 'playlist')
      ${name.order} limit ${limit})
    union all
    (select 'tags', null, tag_name, null, null, ${tag.rank}, ${tag.score}, 0 from (
       select distinct on (tag_key) tag_name, tag_key from (
         select tag as tag_name, fonika_search_text(tag) as tag_key
           from playlists p cross join lateral unnest(p.tags) as tag
          where ${live} and ${taggedCandidates}) tags
        order by tag_key, tag_name) tags
      where ${tag.where} ${tag.order} limit ${limit})) tier`;
}

/** `key` holds the text anywhere, or starts with it (a playlist's tags, all in one key). */
function holdsAnywhere(key: SQL, terms: SearchTerms): SQL {
  const escaped = escapeLikePattern(terms.text);
  return terms.short
    ? sql`(${key} like fonika_search_text(${escaped}) || '%' or ${holds(key, terms)})`
    : holds(key, terms);
}

/**
 * The text with each word of three or more letters that the vocabulary
 * does not know (neither a word nor the start of one, as the last word
 * being typed is) allowed to be any of its three nearest words (pg_trgm
 * similarity), as a regular expression over normalized text; undefined
 * when there is nothing to correct.
 */
export async function correctedPattern(db: Executor, text: string): Promise<string | undefined> {
  const result = await db.execute(sql`
    select q.word, case when length(q.word) < 3
                          or exists (select 1 from search_terms t
                                      where t.kind = 'word' and ${startsWith(sql`t.key`, sql`q.word`)})
                        then '{}'::text[]
                        else array(select t.key from search_terms t
                                    where t.kind = 'word' and t.key % q.word
                                    order by similarity(t.key, q.word) desc, t.uses desc, t.key
                                    limit 3) end as near
      from regexp_split_to_table(fonika_search_text(${text}), '[^[:alnum:]]+')
           with ordinality as q(word, position)
     where q.word <> ''
     order by q.position`);
  let corrected = false;
  const pieces = rowsOf<{ word: string; near: string[] | null }>(result).map(({ word, near }) => {
    const choices = [...new Set([word, ...(near ?? [])])];
    if (choices.length === 1) return word;
    corrected = true;
    return `(?:${choices.join("|")})`;
  });
  // Words hold letters and digits only (split on everything else): nothing
  // to escape. A word may go on (it may be the start of one), then the next.
  return corrected ? pieces.join("[[:alnum:]]*[^[:alnum:]]+") : undefined;
}

interface TierRow extends SuggestionRow {
  rank: number;
  score: number;
  weight: number;
}

/**
 * The best suggestions of every category, each category's best `perCategory`
 * first, merged best first: exact, prefix, substring, corrected.
 * `playableOnly` keeps to playlists whose current version has tracks.
 */
export async function suggest(
  db: Executor,
  terms: SearchTerms,
  options: {
    perCategory: number;
    offset: number;
    limit: number;
    playableOnly: boolean;
    scope?: SearchScope | undefined;
  },
): Promise<SuggestionRow[]> {
  const wanted = options.offset + options.limit;
  const kept = new Map<SearchCategory, TierRow[]>();
  const seen = new Set<string>();
  let total = 0;
  const patterns: Patterns = { terms };
  for (const tier of ["prefix", "inside", "typo"] as const) {
    if (tier === "typo") {
      if (terms.short) break;
      patterns.typo = await correctedPattern(db, terms.text);
      if (!patterns.typo) break;
    }
    const rows = rowsOf<TierRow>(
      await db.execute(
        tierQuery(tier, patterns, options.perCategory, options.playableOnly, options.scope),
      ),
    ).sort(
      (a, b) =>
        a.rank - b.rank || b.score - a.score || b.weight - a.weight || compare(a.name, b.name),
    );
    for (const row of rows) {
      const list = kept.get(row.category) ?? [];
      const key = `${row.category}\u0000${row.id ?? row.name}`;
      if (list.length >= options.perCategory || seen.has(key)) continue;
      seen.add(key);
      list.push(row);
      kept.set(row.category, list);
      total++;
    }
    // Later tiers rank below every row found so far: a full page is final.
    if (total >= wanted) break;
  }
  return [...kept.values()]
    .flat()
    .sort(
      (a, b) =>
        a.rank - b.rank ||
        b.score - a.score ||
        CATEGORY_ORDER[a.category] - CATEGORY_ORDER[b.category] ||
        compare(a.name, b.name),
    )
    .slice(options.offset, wanted)
    .map(({ category, id, name, artist, obscene }) => ({ category, id, name, artist, obscene }));
}

/** Byte order of UTF-8, as collation "C" sorts: code points, not UTF-16 units. */
function compare(a: string, b: string): number {
  const left = [...a];
  const right = [...b];
  for (let index = 0; index < Math.min(left.length, right.length); index++) {
    const difference = (left[index]?.codePointAt(0) ?? 0) - (right[index]?.codePointAt(0) ?? 0);
    if (difference !== 0) return difference;
  }
  return left.length - right.length;
}

export type SongSearchField = "title" | "artist" | "album";

/** Songs matching in any of `fields`, best first: ids and the total. */
export async function searchSongIds(
  db: Executor,
  terms: SearchTerms,
  fields: readonly SongSearchField[],
  paging: { limit: number; offset: number },
  scope?: SearchScope,
): Promise<{ ids: string[]; total: number }> {
  const columns: Record<SongSearchField, SQL> = {
    title: sql`s.title_key`,
    artist: sql`fonika_search_words(s.artists)`,
    album: sql`fonika_search_text(s.album)`,
  };
  const typo = terms.short ? undefined : await correctedPattern(db, terms.text);
  const matches = fields.map((field) => {
    const column = columns[field];
    const found = holdsAnywhere(column, terms);
    return {
      condition: typo ? sql`(${found} or ${column} ~ ${typo})` : found,
      rank: sql`case when ${column} = ${normalized(terms)} then 0
        when ${startsWith(column, normalized(terms))} then 1 when ${found} then 2 else 3 end`,
      score: sql`word_similarity(${normalized(terms)}, ${column})`,
    };
  });
  const inScope = scope ? sql`and ${inScopeSongs(scope)}` : sql``;
  const where = sql`s.removed_at is null ${inScope} and (${sql.join(
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
