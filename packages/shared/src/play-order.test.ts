import { describe, expect, it } from "vitest";
import {
  nextAllowedSong,
  nextSong,
  type OrderedTrack,
  previousAllowedSong,
  previousSong,
  SHUFFLE_MEMORY,
} from "./play-order.ts";

const track = (songId: string, ...artists: string[]): OrderedTrack => ({ songId, artists });
const ordered = [track("a", "A"), track("b", "B"), track("c", "C")];
const state = (
  currentSongId: string | null,
  extra: Partial<Parameters<typeof nextSong>[1]> = {},
) => ({
  currentSongId,
  loop: false,
  shuffle: false,
  recentSongIds: [],
  ...extra,
});

/** A seeded generator, so that a thousand shuffles are the same each run. */
function seeded(seed: number): () => number {
  let value = seed;
  return () => {
    value = (value * 1_103_515_245 + 12_345) % 2 ** 31;
    return value / 2 ** 31;
  };
}

describe("play order in order", () => {
  it("plays the version's tracks one after another and stops after the last", () => {
    expect(nextSong(ordered, state(null))).toBe("a");
    expect(nextSong(ordered, state("a"))).toBe("b");
    expect(nextSong(ordered, state("c"))).toBeNull();
    expect(previousSong(ordered, state("b"))).toBe("a");
    expect(previousSong(ordered, state("a"))).toBeNull();
  });

  it("wraps around when looping", () => {
    expect(nextSong(ordered, state("c", { loop: true }))).toBe("a");
    expect(previousSong(ordered, state("a", { loop: true }))).toBe("c");
  });

  it("starts from the first track when the current song left the playlist, and has none in an empty one", () => {
    expect(nextSong(ordered, state("gone"))).toBe("a");
    expect(nextSong([], state("a"))).toBeNull();
    expect(previousSong([], state("a"))).toBeNull();
  });
});

describe("play order in shuffle", () => {
  const many = Array.from({ length: 30 }, (_, index) => track(`s${index}`, `artist ${index % 10}`));

  it(`repeats no song within the last ${SHUFFLE_MEMORY} plays`, () => {
    const random = seeded(7);
    const played: string[] = ["s0"];
    for (let step = 0; step < 1_000; step++) {
      const next = nextSong(
        many,
        {
          currentSongId: played.at(-1) ?? null,
          loop: false,
          shuffle: true,
          recentSongIds: played.slice(-SHUFFLE_MEMORY),
        },
        random,
      );
      expect(next).not.toBeNull();
      expect(played.slice(-SHUFFLE_MEMORY)).not.toContain(next);
      played.push(next as string);
    }
  });

  it("never plays one artist twice in a row where the playlist has other artists", () => {
    const random = seeded(11);
    const byArtist = new Map(many.map((entry) => [entry.songId, entry.artists[0]]));
    const played: string[] = ["s0"];
    for (let step = 0; step < 1_000; step++) {
      const current = played.at(-1) as string;
      const next = nextSong(
        many,
        {
          currentSongId: current,
          loop: false,
          shuffle: true,
          recentSongIds: played.slice(-SHUFFLE_MEMORY),
        },
        random,
      ) as string;
      expect(byArtist.get(next)).not.toBe(byArtist.get(current));
      played.push(next);
    }
  });

  it("lets one artist follow itself when the playlist has no other, and a small playlist repeat as little as it can", () => {
    const solo = [track("x", "Solo"), track("y", "Solo"), track("z", "solo")];
    const played = ["x", "y"];
    expect(nextSong(solo, state("y", { shuffle: true, recentSongIds: played }), () => 0.99)).toBe(
      "z",
    );
    expect(
      nextSong([track("only", "A")], state("only", { shuffle: true, recentSongIds: ["only"] })),
    ).toBe("only");
  });

  it("goes back to the song played before the current one", () => {
    expect(
      previousSong(ordered, state("c", { shuffle: true, recentSongIds: ["b", "a", "c"] })),
    ).toBe("a");
    expect(previousSong(ordered, state("c", { shuffle: true, recentSongIds: ["c"] }))).toBeNull();
  });
});

describe("play order among the allowed tracks (an explicit filter)", () => {
  const tracks = [
    { songId: "a", artists: ["A"], explicit: false },
    { songId: "b", artists: ["B"], explicit: true },
    { songId: "c", artists: ["C"], explicit: false },
    { songId: "d", artists: ["D"], explicit: true },
  ];
  const allowed = (candidate: { explicit: boolean }) => !candidate.explicit;

  it("steps over what is kept out, in order and when looping", () => {
    expect(nextAllowedSong(tracks, state(null), allowed)).toBe("a");
    expect(nextAllowedSong(tracks, state("a"), allowed)).toBe("c");
    expect(nextAllowedSong(tracks, state("c"), allowed)).toBeNull();
    expect(nextAllowedSong(tracks, state("c", { loop: true }), allowed)).toBe("a");
    expect(previousAllowedSong(tracks, state("c"), allowed)).toBe("a");
    expect(previousAllowedSong(tracks, state("a", { loop: true }), allowed)).toBe("c");
  });

  it("goes on from a current song that is kept out (the filter was turned on while it played)", () => {
    expect(nextAllowedSong(tracks, state("b"), allowed)).toBe("c");
    expect(nextAllowedSong(tracks, state("d"), allowed)).toBeNull();
    expect(nextAllowedSong(tracks, state("d", { loop: true }), allowed)).toBe("a");
    expect(previousAllowedSong(tracks, state("b"), allowed)).toBe("a");
    expect(previousAllowedSong(tracks, state("b", { loop: false }), () => true)).toBe("a");
  });

  it("never shuffles a kept-out song in, and allows all when nothing is kept out", () => {
    const random = seeded(7);
    for (let i = 0; i < 200; i++) {
      const next = nextAllowedSong(tracks, state("a", { shuffle: true }), allowed, random);
      expect(next).toBe("c");
    }
    expect(nextAllowedSong(tracks, state("a"), () => true)).toBe("b");
  });
});
