import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PARTITION_IDS } from "@fonika/shared";
import { sql } from "drizzle-orm";
import type { Database } from "../src/db/client.ts";
import { vacuumAnalyze } from "../src/db/maintenance.ts";

/** Generated libraries for `npm run bench`: rows for search and listings, files for the import. */

const WORDS = [
  "утро",
  "вечер",
  "ночь",
  "город",
  "море",
  "ветер",
  "солнце",
  "дорога",
  "зима",
  "весна",
  "лето",
  "осень",
  "ёлка",
  "звезда",
  "река",
  "облако",
  "сердце",
  "танец",
  "мечта",
  "огонь",
  "morning",
  "evening",
  "night",
  "city",
  "ocean",
  "wind",
  "sunshine",
  "road",
  "winter",
  "spring",
  "summer",
  "autumn",
  "star",
  "river",
  "cloud",
  "heart",
  "dance",
  "dream",
  "fire",
  "coffee",
  "jazz",
  "blue",
  "golden",
  "silver",
  "velvet",
  "midnight",
  "lounge",
  "groove",
  "soul",
  "light",
];
const ARTISTS = [
  "Хор Весна",
  "Nordic Strings",
  "Blue Trio",
  "Река",
  "Sunset Quartet",
  "Ирина Светлова",
  "The Velvet Rooms",
  "Оркестр Утро",
  "Lounge Collective",
  "Алексей Громов",
  "Coffee House Band",
  "Midnight Radio",
  "Северный ветер",
  "Golden Hour",
  "Ансамбль Ёлочка",
  "Urban Groove",
];

/**
 * `songs` rows of a library as large as asked (no files: search and
 * listings never open them), with two- to four-word Russian and Latin
 * titles, artists and albums; and `tracks` of them in one folder of the
 * Tracks partition. Deterministic (setseed), so runs compare.
 */
export async function generateLibrary(
  db: Database,
  size: { songs: number; folderTracks: number; playlists: number },
): Promise<{ folderId: string; titles: string[]; artists: string[] }> {
  const words = sql.raw(`array[${WORDS.map((word) => `'${word}'`).join(",")}]`);
  const artists = sql.raw(`array[${ARTISTS.map((artist) => `'${artist}'`).join(",")}]`);
  const pick = (list: typeof words, salt: number) =>
    sql`(${list})[1 + ((n * ${salt} + (n / ${salt + 3})) % cardinality(${list}))]`;
  await db.execute(sql`select setseed(0.42)`);
  await db.execute(sql`
    insert into songs (content_hash, storage_key, format, size_bytes, duration_ms, bitrate,
                       title, artists, album, created_at, play_count)
    select md5('bench' || n) || md5('song' || n), 'audio/bench/' || n, 'mp3',
           3000000 + (n % 5000) * 1000, 120000 + (n % 240) * 1000, 192000,
           initcap(${pick(words, 7)}) || ' ' || ${pick(words, 13)} ||
             case when n % 3 = 0 then ' ' || ${pick(words, 17)} else '' end ||
             case when n % 11 = 0 then ' ' || ${pick(words, 19)} else '' end,
           array[${pick(artists, 5)}],
           initcap(${pick(words, 23)}) || ' ' || ${pick(words, 29)},
           now() - (n || ' minutes')::interval, n % 1000
      from generate_series(1, ${size.songs}) as n`);
  const folder = await db.execute(sql`
    insert into vault_entries (type, partition, parent_id, ancestors, name)
    values ('folder', 'tracks', ${PARTITION_IDS.tracks}, array[${PARTITION_IDS.tracks}]::uuid[], 'Большая папка')
    returning id`);
  const folderId = (folder as unknown as { rows: Array<{ id: string }> }).rows[0]?.id as string;
  await db.execute(sql`
    insert into vault_entries (type, partition, parent_id, ancestors, name, artists, song_id, position,
                               size_bytes, tracks_count, tracks_duration_ms)
    select 'track', 'tracks', ${folderId}, array[${PARTITION_IDS.tracks}, ${folderId}]::uuid[],
           s.title, array_to_string(s.artists, ', '), s.id, row_number() over (order by s.created_at), s.size_bytes, 1, s.duration_ms
      from (select * from songs order by created_at limit ${size.folderTracks}) s`);
  await db.execute(sql`
    update vault_entries set (size_bytes, tracks_count, tracks_duration_ms) =
      (select sum(size_bytes), count(*), sum(tracks_duration_ms) from vault_entries t where t.parent_id = ${folderId})
     where id = ${folderId}`);
  await db.execute(sql`
    with made as (
      insert into playlists (name, tags)
      select initcap(${pick(words, 31)}) || ' ' || ${pick(words, 37)} || ' ' || n,
             array[${pick(words, 41)}, ${pick(words, 43)}]
        from generate_series(1, ${size.playlists}) as n
      returning id, name)
    insert into vault_entries (type, partition, parent_id, ancestors, name, playlist_id)
    select 'playlist', 'playlists', ${PARTITION_IDS.playlists}, array[${PARTITION_IDS.playlists}]::uuid[], name, id
      from made`);
  // What the database's maintenance (autovacuum, or ours on PGlite) does
  // within a minute of such a change: the library as it is served after.
  await vacuumAnalyze(db);
  const sample = (await db.execute(
    sql`select title from songs order by md5(id::text) limit 40`,
  )) as unknown as { rows: Array<{ title: string }> };
  return { folderId, titles: sample.rows.map((row) => row.title), artists: ARTISTS };
}

/** Texts people type: whole titles, beginnings, a typo, artists, two letters, nothing found. */
export function searchTexts(titles: readonly string[], artists: readonly string[]): string[] {
  const texts: string[] = [];
  titles.forEach((title, index) => {
    texts.push(title);
    texts.push(title.slice(0, 3 + (index % 4)));
    // A letter dropped in the middle of the first word.
    const [first = "", ...rest] = title.split(" ");
    const cut = Math.max(1, Math.floor(first.length / 2));
    texts.push([first.slice(0, cut) + first.slice(cut + 1), ...rest].join(" "));
  });
  for (const artist of artists) texts.push(artist.split(" ")[0] ?? artist);
  texts.push("ут", "mo", "ёлк", "елк", "несуществующее слово", "zzzqx");
  return texts;
}

const fixture = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  "../src/test/fixtures/audio/tone.mp3",
);

/** An ID3v2.4 tag with UTF-8 text frames. */
function id3(frames: Record<string, string>): Buffer {
  const syncsafe = (value: number) =>
    Buffer.from([(value >> 21) & 0x7f, (value >> 14) & 0x7f, (value >> 7) & 0x7f, value & 0x7f]);
  const body = Buffer.concat(
    Object.entries(frames).map(([id, text]) => {
      const data = Buffer.concat([Buffer.from([3]), Buffer.from(text, "utf8")]);
      return Buffer.concat([
        Buffer.from(id, "latin1"),
        syncsafe(data.length),
        Buffer.from([0, 0]),
        data,
      ]);
    }),
  );
  return Buffer.concat([Buffer.from("ID3"), Buffer.from([4, 0, 0]), syncsafe(body.length), body]);
}

/**
 * `count` distinct tagged mp3 files (each its own title, so its own
 * content) in a tree of folders of 50, made from the fixture's audio frames.
 */
export function generateMp3Tree(directory: string, count: number): string[] {
  const source = readFileSync(fixture);
  const tagLength =
    ((source[6] ?? 0) << 21) |
    ((source[7] ?? 0) << 14) |
    ((source[8] ?? 0) << 7) |
    (source[9] ?? 0);
  const frames = source.subarray(tagLength + 10);
  const files: string[] = [];
  for (let index = 0; index < count; index++) {
    const folder = path.join(directory, `Артист ${Math.floor(index / 50) + 1}`);
    mkdirSync(folder, { recursive: true });
    const file = path.join(folder, `Трек ${index + 1}.mp3`);
    const tag = id3({
      TIT2: `${WORDS[index % WORDS.length]} ${WORDS[(index * 7) % WORDS.length]} ${index + 1}`,
      TPE1: ARTISTS[index % ARTISTS.length] as string,
      TALB: `Альбом ${Math.floor(index / 50) + 1}`,
      TCON: index % 2 ? "Jazz" : "Поп",
    });
    writeFileSync(file, Buffer.concat([tag, frames]));
    files.push(file);
  }
  return files;
}
