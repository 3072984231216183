import { describe, expect, it } from "vitest";
import { LIBRARY } from "./constants.ts";
import { depthAllowed, mayCrossPartitions, mayHold } from "./vault-rules.ts";

describe("what may hold what in the vault", () => {
  it("lets playlists' folders hold folders and playlists, a playlist versions, a version tracks", () => {
    expect(mayHold("playlists", "partition", "folder")).toBe(true);
    expect(mayHold("playlists", "folder", "playlist")).toBe(true);
    expect(mayHold("playlists", "playlist", "version")).toBe(true);
    expect(mayHold("playlists", "version", "track")).toBe(true);
    expect(mayHold("playlists", "folder", "track")).toBe(false);
    expect(mayHold("playlists", "playlist", "track")).toBe(false);
  });

  it("lets tracks' folders hold folders and tracks, and puts nothing into the trash by a move", () => {
    expect(mayHold("tracks", "folder", "track")).toBe(true);
    expect(mayHold("tracks", "folder", "playlist")).toBe(false);
    expect(mayHold("deleted", "partition", "folder")).toBe(false);
  });

  it("lets only tracks cross from one partition to another", () => {
    expect(mayCrossPartitions("track", "tracks", "playlists")).toBe(true);
    expect(mayCrossPartitions("folder", "tracks", "playlists")).toBe(false);
    expect(mayCrossPartitions("folder", "tracks", "tracks")).toBe(true);
  });

  it("allows folders down to the deepest level and not one below", () => {
    const deepest = LIBRARY.maxFolderDepth;
    expect(depthAllowed(deepest - 1, 0)).toBe(true);
    expect(depthAllowed(deepest, 0)).toBe(false);
    expect(depthAllowed(0, deepest - 1)).toBe(true);
    expect(depthAllowed(1, deepest - 1)).toBe(false);
  });
});
