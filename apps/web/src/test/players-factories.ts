import type {
  EstablishmentWeek,
  Player,
  PlayerLiveSummary,
  PlayerPlaylist,
  PlayerRequest,
  StaffPlayer,
} from "@fonika/shared";
import { CLIENT_ID } from "./establishments-factories.ts";

/**
 * Player answers for the web tests, shaped as the shared schemas demand
 * (the scripted server checks each reply against them).
 */

let counter = 0;

/** A fresh UUID-shaped id, different on every call. */
export function nextPlayerId(): string {
  counter += 1;
  return `00000000-0000-4000-8000-${(0xb1000000000 + counter).toString(16).padStart(12, "0")}`;
}

const stamp = "2024-05-08T10:00:00.000Z";

/** A web player of the default client's venue, which its viewer may edit and remove. */
export function buildPlayer(overrides: Partial<Player> = {}): Player {
  return {
    id: nextPlayerId(),
    userId: CLIENT_ID,
    establishmentId: nextPlayerId(),
    establishmentName: "Кофейня на Лесной",
    name: "Зал у бара",
    type: "web",
    serialBoxNumber: null,
    crossfadeSeconds: 4,
    address: "Москва, ул. Лесная, 5",
    fallbackPlaylistId: null,
    licence: { state: "active", until: null },
    createdAt: stamp,
    abilities: { edit: true, remove: true },
    ...overrides,
  };
}

/** A live state: offline and never seen unless `overrides` say otherwise. */
export function buildPlayerLive(overrides: Partial<PlayerLiveSummary> = {}): PlayerLiveSummary {
  return {
    online: false,
    playing: false,
    nowPlaying: null,
    lastSeenAt: null,
    silentSince: null,
    ...overrides,
  };
}

export function buildStaffPlayer(overrides: Partial<StaffPlayer> = {}): StaffPlayer {
  return {
    ...buildPlayer(overrides),
    clientName: "Иван Петров",
    live: buildPlayerLive(),
    ...overrides,
  };
}

export function buildPlayerPlaylist(overrides: Partial<PlayerPlaylist> = {}): PlayerPlaylist {
  return {
    playlistId: nextPlayerId(),
    name: "Утро в кофейне",
    playable: true,
    addedAt: stamp,
    ...overrides,
  };
}

/** A purchase request with the buyer's details. */
export function buildPlayerRequest(overrides: Partial<PlayerRequest> = {}): PlayerRequest {
  return {
    id: nextPlayerId(),
    kind: "purchase",
    userId: CLIENT_ID,
    clientName: "Иван Петров",
    playerId: null,
    playerName: null,
    name: "Иван Петров",
    phone: "79001234567",
    email: "ivan@example.ru",
    company: "ООО «Лесная»",
    address: "Москва, ул. Лесная, 5",
    quantity: 2,
    comment: null,
    createdAt: stamp,
    ...overrides,
  };
}

/** A paged answer holding `rows`, all on one page. */
export function onePage<Row>(rows: Row[]): { data: Row[]; total: number; totalPages: number } {
  return { data: rows, total: rows.length, totalPages: rows.length > 0 ? 1 : 0 };
}

type WeekWindow = EstablishmentWeek["players"][number]["windows"][number];

/** A window of a venue's week (the week call's entry), Monday 07:00–11:00 unless told. */
export function buildWeekWindow(
  overrides: Partial<WeekWindow> & Pick<WeekWindow, "playerId" | "playlistId">,
): WeekWindow {
  return {
    id: nextPlayerId(),
    playlistName: "Утро в кофейне",
    playable: true,
    startTime: "07:00:00",
    endTime: "11:00:00",
    weekdays: ["MONDAY"],
    ...overrides,
  };
}

/** A venue's week holding one player with these windows. */
export function buildWeek(
  player: Player,
  windows: WeekWindow[],
  overrides: Partial<EstablishmentWeek> = {},
): EstablishmentWeek {
  return {
    establishmentId: player.establishmentId,
    timeZone: "Europe/Moscow",
    players: [
      {
        playerId: player.id,
        name: player.name,
        fallbackPlaylistId: player.fallbackPlaylistId,
        windows,
      },
    ],
    ...overrides,
  };
}
