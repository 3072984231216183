import {
  decide,
  type PlayerSchedule,
  type ScheduleWindow,
  timeOfSeconds,
  WEEKDAYS,
} from "@fonika/shared";
import { decideForPlayers } from "../src/modules/players/players.ts";
import { verdictLine } from "./support.ts";

/**
 * `npm run bench`, the players' scheduler (issue 13): deciding what 10 000
 * players play at one instant, all at once (one reading of each zone's
 * clock), beside the baseline of 10 000 × one player decided on its own.
 * Target: the batch costs about 10 000 × one player, not more (≤ 1.1×).
 * Players are spread over four zones (Moscow, Vladivostok, Kaliningrad,
 * Berlin) with 2 to 6 windows each, some across midnight.
 */

const PLAYERS = 10_000;
const ZONES = ["Europe/Moscow", "Asia/Vladivostok", "Europe/Kaliningrad", "Europe/Berlin"];
const TARGET = 1.1;
const ROUNDS = 7;

/** A reproducible pseudo-random sequence, so that every run decides the same week. */
function sequence(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

function schedules(): Map<string, PlayerSchedule> {
  const random = sequence(42);
  const players = new Map<string, PlayerSchedule>();
  for (let index = 0; index < PLAYERS; index++) {
    const windows: ScheduleWindow[] = [];
    const count = 2 + Math.floor(random() * 5);
    for (let window = 0; window < count; window++) {
      const start = Math.floor(random() * 96) * 900;
      const length = (1 + Math.floor(random() * 32)) * 900;
      windows.push({
        id: `w${index}-${window}`,
        playlistId: `p${window}`,
        startTime: timeOfSeconds(start),
        endTime: timeOfSeconds(start + length),
        weekdays: WEEKDAYS.filter(() => random() < 0.5),
      });
    }
    players.set(`player-${index}`, {
      timeZone: ZONES[index % ZONES.length] as string,
      windows,
      fallbackPlaylistId: index % 3 === 0 ? null : "fallback",
    });
  }
  return players;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

const players = schedules();
const instant = Date.parse("2026-11-27T18:30:00Z");
const one: number[] = [];
const batch: number[] = [];
// Alternating, after a warm pass of each, so that the JIT and the machine treat both alike.
for (let round = -1; round < ROUNDS; round++) {
  let started = performance.now();
  for (const schedule of players.values()) decide(schedule, instant);
  const alone = performance.now() - started;
  started = performance.now();
  decideForPlayers(players, instant);
  const together = performance.now() - started;
  if (round >= 0) {
    one.push(alone);
    batch.push(together);
  }
}
const baseline = median(one);
const product = median(batch);
const ratio = product / baseline;
console.log(`Scheduler, ${PLAYERS} players in ${ZONES.length} zones (median of ${ROUNDS} rounds)`);
console.log(
  `    baseline: ${PLAYERS} × one player decided alone   ${baseline.toFixed(1).padStart(7)} ms` +
    `  (${((baseline / PLAYERS) * 1000).toFixed(1)} µs a player)`,
);
console.log(
  `    product: decideForPlayers, all at once          ${product.toFixed(1).padStart(7)} ms` +
    `  (${((product / PLAYERS) * 1000).toFixed(1)} µs a player)`,
);
const ok = ratio <= TARGET;
console.log(verdictLine(ratio, TARGET, ok, "≤"));
process.exitCode = ok ? 0 : 1;
