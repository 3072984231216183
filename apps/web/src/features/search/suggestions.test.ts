import type { Role, Suggestion } from "@fonika/shared";
import { describe, expect, it } from "vitest";
import { bestPerCategory, suggestionLabel, suggestionTarget } from "./suggestions.ts";

const songId = "00000000-0000-4000-8000-00000000a001";
const playlistId = "00000000-0000-4000-8000-00000000a002";

const song: Suggestion = { name: "Ёлочка", category: "songs", id: songId, artist: "Хор" };
const artist: Suggestion = { name: "Квартет Ветер", category: "artists" };
const album: Suggestion = { name: "Сезоны & Co", category: "albums" };
const playlist: Suggestion = { name: "Утро", category: "playlists", id: playlistId };
const tag: Suggestion = { name: "джаз", category: "tags" };

/** A URL as path and decoded query, so that two spellings of one address compare equal. */
function readUrl(url: string): string {
  const parsed = new URL(url, "http://localhost");
  const query = [...parsed.searchParams].map(([key, value]) => `${key}=${value}`).join("&");
  return query ? `${parsed.pathname}?${query}` : parsed.pathname;
}

/** The URL each suggestion opens, transcribed from SPEC.md §2 Search. */
const EXPECTED: Record<"role-content-manager" | "role-client", [Suggestion, string][]> = {
  "role-content-manager": [
    [song, `/tracks?preselect=${songId}`],
    [artist, "/tracks?filterBy=artist&filterValue=Квартет Ветер"],
    [album, "/tracks?filterBy=album&filterValue=Сезоны %26 Co"],
    [playlist, `/playlists/edit/${playlistId}`],
    [tag, "/playlists?filterBy=tag&filterValue=джаз"],
  ],
  "role-client": [
    [song, "/playlists?filterBy=song&filterValue=Ёлочка"],
    [artist, "/playlists?filterBy=artist&filterValue=Квартет Ветер"],
    [album, "/playlists?filterBy=album&filterValue=Сезоны %26 Co"],
    [playlist, `/playlists/edit/${playlistId}`],
    [tag, "/playlists?filterBy=tag&filterValue=джаз"],
  ],
};

describe("where a suggestion leads (SPEC.md §2 Search)", () => {
  it("opens the screen of the table for a content manager and for a client", () => {
    const wrong: string[] = [];
    for (const [role, rows] of Object.entries(EXPECTED) as [Role, [Suggestion, string][]][]) {
      for (const [suggestion, path] of rows) {
        const target = suggestionTarget(suggestion, role);
        const got = target.kind === "screen" && target.allowed ? readUrl(target.path) : target.kind;
        if (got !== readUrl(path)) wrong.push(`${role} ${suggestion.category}: ${got} ≠ ${path}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("opens nothing for a song or playlist that came without an id, and says why", () => {
    for (const suggestion of [
      { name: "Без id", category: "songs" },
      { name: "Без id", category: "playlists" },
    ] as const) {
      for (const role of ["role-content-manager", "role-client"] as const) {
        const target = suggestionTarget(suggestion, role);
        expect(target.kind).toBe("missing-id");
        if (target.kind === "missing-id") expect(target.message).toContain('"Без id"');
      }
    }
  });

  it("marks a screen the role may not open (an account awaiting activation has no playlists)", () => {
    const target = suggestionTarget(tag, "wait-activation");
    expect(target).toMatchObject({ kind: "screen", route: "Playlists", allowed: false });
  });
});

describe("the mobile dropdown", () => {
  it("keeps the best suggestion of each category in the server's order, five at most", () => {
    const ranked: Suggestion[] = [
      { ...song, name: "Трек 1" },
      { ...song, name: "Трек 2" },
      { ...tag, name: "Тег 1" },
      { ...artist, name: "Исполнитель 1" },
      { ...tag, name: "Тег 2" },
      { ...playlist, name: "Плейлист 1" },
      { ...album, name: "Альбом 1" },
    ];
    expect(bestPerCategory(ranked, 5).map((suggestion) => suggestion.name)).toEqual([
      "Трек 1",
      "Тег 1",
      "Исполнитель 1",
      "Плейлист 1",
      "Альбом 1",
    ]);
    expect(bestPerCategory(ranked, 2).map((suggestion) => suggestion.name)).toEqual([
      "Трек 1",
      "Тег 1",
    ]);
  });
});

describe("a dropdown item's name (SPEC.md §9)", () => {
  it("cuts a name longer than 20 characters to 17 and an ellipsis", () => {
    expect(suggestionLabel("Ровно двадцать симв")).toBe("Ровно двадцать симв");
    expect(suggestionLabel("12345678901234567890")).toBe("12345678901234567890");
    expect(suggestionLabel("123456789012345678901")).toBe("12345678901234567…");
  });
});
