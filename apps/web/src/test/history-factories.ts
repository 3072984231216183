import { type PlayRecord, playHistoryPageSchema, playRecordSchema } from "@fonika/shared";
import { nextPlayerId } from "./players-factories.ts";

/**
 * Broadcast history answers for the web tests, built through the shared
 * schemas so that a reply the server could not send fails here first.
 */

let counter = 0;

/** A finished play of a Moscow venue: 2 March 2026, 01:30:00–01:33:00 there. */
export function buildPlayRecord(overrides: Partial<PlayRecord> = {}): PlayRecord {
  counter += 1;
  return playRecordSchema.parse({
    id: `play-${counter}`,
    playerId: nextPlayerId(),
    playerName: "Зал у бара",
    songId: nextPlayerId(),
    title: "Летний вечер",
    artists: ["Иван", "Пётр"],
    playlistId: nextPlayerId(),
    playlistName: "Утро в кофейне",
    startedAt: "2026-03-01T22:30:00.000Z",
    endedAt: "2026-03-01T22:33:00.000Z",
    durationSeconds: 180,
    ending: "finished",
    fallback: false,
    timeZone: "Europe/Moscow",
    ...overrides,
  });
}

/** A page of plays as the history calls answer it. */
export function buildPlayPage(data: PlayRecord[], total = data.length, totalPages = 1) {
  return playHistoryPageSchema.parse({ data, total, totalPages });
}
