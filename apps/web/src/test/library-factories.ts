import {
  type LibraryEntry,
  type LibraryTreeNode,
  PARTITION_IDS,
  type PartitionType,
  type Playlist,
  type PlaylistWithTracks,
  type Song,
} from "@fonika/shared";

/**
 * Library answers for the web tests, shaped as the shared schemas demand
 * (the scripted server checks each reply against them).
 */

let counter = 0;

/** A fresh UUID-shaped id, different on every call and from the fixed partition ids. */
export function nextId(): string {
  counter += 1;
  return `00000000-0000-4000-8000-${(0xa00000000000 + counter).toString(16)}`;
}

const stamp = "2024-05-06T09:30:00.000Z";

export function buildSong(overrides: Partial<Song> = {}): Song {
  return {
    id: nextId(),
    title: "Летний вечер",
    artists: ["Квартет Ветер"],
    album: "Сезоны",
    genre: null,
    year: 2021,
    obsceneLexicon: false,
    isrc: null,
    copyrightHolder: null,
    authors: [],
    author: null,
    format: "mp3",
    durationMs: 185_000,
    bitrate: 320_000,
    sizeBytes: 7_400_000,
    hasCover: false,
    loudness: { status: "measured", integratedLufs: -14, truePeakDb: -1, gainDb: 0 },
    playCount: 0,
    createdAt: stamp,
    updatedAt: stamp,
    ...overrides,
  };
}

/** The root entry of a partition, as the vault lists it. */
export function buildPartition(partition: PartitionType, overrides: Partial<LibraryEntry> = {}) {
  const names: Record<PartitionType, string> = {
    playlists: "Плейлисты",
    tracks: "Треки",
    deleted: "Корзина",
  };
  return buildEntry({
    entryId: PARTITION_IDS[partition],
    entryType: "partition",
    partitionType: partition,
    name: names[partition],
    parentId: null,
    ...overrides,
  });
}

export function buildEntry(overrides: Partial<LibraryEntry> = {}): LibraryEntry {
  return {
    entryId: nextId(),
    entryType: "folder",
    partitionType: "playlists",
    name: "Папка",
    parentId: PARTITION_IDS.playlists,
    size: 0,
    createdDate: stamp,
    modifiedDate: stamp,
    tracksCount: 0,
    tracksDuration: 0,
    songId: null,
    playlistId: null,
    position: 0,
    ...overrides,
  };
}

/** A track entry of `song` below `parentId`. */
export function buildTrackEntry(song: Song, overrides: Partial<LibraryEntry> = {}): LibraryEntry {
  return buildEntry({
    entryType: "track",
    partitionType: "tracks",
    parentId: PARTITION_IDS.tracks,
    name: song.title,
    songId: song.id,
    size: song.sizeBytes,
    tracksCount: 1,
    tracksDuration: song.durationMs,
    song: {
      title: song.title,
      artists: song.artists,
      album: song.album,
      durationMs: song.durationMs,
      obsceneLexicon: song.obsceneLexicon,
      removed: false,
    },
    ...overrides,
  });
}

export function buildTreeNode(
  entry: LibraryEntry,
  children: LibraryTreeNode[] = [],
): LibraryTreeNode {
  return { ...entry, children };
}

/** One page of `ls` answering `entry` with `data`, below `path`. */
export function buildListing(
  entry: LibraryEntry,
  data: LibraryEntry[],
  {
    path = [],
    total = data.length,
    count = 12,
  }: { path?: LibraryEntry[]; total?: number; count?: number } = {},
) {
  return { data, total, totalPages: Math.ceil(total / count), entry, path };
}

export function buildPlaylist(overrides: Partial<Playlist> = {}): Playlist {
  return {
    id: nextId(),
    name: "Утро в кофейне",
    description: null,
    tags: [],
    hasCover: false,
    hasSummaryTrack: false,
    entryId: nextId(),
    currentVersionId: null,
    versions: [],
    tracksCount: 0,
    tracksDuration: 0,
    deleted: false,
    createdAt: stamp,
    updatedAt: stamp,
    ...overrides,
  };
}

export function buildPlaylistWithTracks(
  overrides: Partial<PlaylistWithTracks> = {},
): PlaylistWithTracks {
  return { ...buildPlaylist(overrides), tracks: [], ...overrides };
}
