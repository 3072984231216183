import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { tightenTree } from "./private-data-dir.ts";

const made: string[] = [];
afterEach(() => {
  for (const directory of made.splice(0)) rmSync(directory, { recursive: true, force: true });
});

function scratch(): string {
  const directory = mkdtempSync(path.join(tmpdir(), "fonika-private-"));
  made.push(directory);
  return directory;
}

/** Every entry under `root` (itself included, links not followed) with its permission bits. */
function modesUnder(root: string): Map<string, number> {
  const modes = new Map<string, number>();
  const visit = (entry: string) => {
    const info = lstatSync(entry);
    modes.set(path.relative(root, entry) || ".", info.mode & 0o7777);
    if (info.isDirectory()) for (const name of readdirSync(entry)) visit(path.join(entry, name));
  };
  visit(root);
  return modes;
}

describe("tightening DATA_DIR", () => {
  it("takes group and other permissions off every entry, keeping the owner's", () => {
    const root = path.join(scratch(), "data");
    mkdirSync(path.join(root, "db", "base"), { recursive: true });
    mkdirSync(path.join(root, "files", "songs"), { recursive: true });
    writeFileSync(path.join(root, "db", "base", "1259"), "");
    writeFileSync(path.join(root, "files", "songs", "a"), "");
    writeFileSync(path.join(root, "tool"), "");
    writeFileSync(path.join(root, "jwt-secret"), "");
    for (const directory of [root, "db", "db/base", "files", "files/songs"]) {
      chmodSync(path.resolve(root, directory), 0o777);
    }
    chmodSync(path.join(root, "db", "base", "1259"), 0o666);
    chmodSync(path.join(root, "files", "songs", "a"), 0o644);
    chmodSync(path.join(root, "tool"), 0o755);
    chmodSync(path.join(root, "jwt-secret"), 0o600);

    expect(tightenTree(root)).toEqual({ walked: 9, tightened: 8 });
    expect(Object.fromEntries(modesUnder(root))).toEqual({
      ".": 0o700,
      db: 0o700,
      "db/base": 0o700,
      "db/base/1259": 0o600,
      files: 0o700,
      "files/songs": 0o700,
      "files/songs/a": 0o600,
      tool: 0o700,
      "jwt-secret": 0o600,
    });
    // Tight already: nothing to change, nothing to report.
    expect(tightenTree(root)).toEqual({ walked: 9, tightened: 0 });
  });

  it("neither changes nor follows a symbolic link under it, and follows one that is DATA_DIR itself", () => {
    const base = scratch();
    const outside = path.join(base, "outside");
    mkdirSync(outside);
    writeFileSync(path.join(outside, "shared.txt"), "");
    chmodSync(path.join(outside, "shared.txt"), 0o644);
    const real = path.join(base, "real-data");
    mkdirSync(real, { mode: 0o755 });
    chmodSync(real, 0o755);
    symlinkSync(outside, path.join(real, "elsewhere"));
    const linked = path.join(base, "data");
    symlinkSync(real, linked);

    expect(tightenTree(linked)).toEqual({ walked: 1, tightened: 1 });
    expect(statSync(real).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(outside, "shared.txt")).mode & 0o777).toBe(0o644);
  });

  it("walks nothing when DATA_DIR does not exist yet", () => {
    expect(tightenTree(path.join(scratch(), "missing"))).toEqual({ walked: 0, tightened: 0 });
  });
});
