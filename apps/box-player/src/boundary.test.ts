import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The box player is a device program that speaks only the shared contracts
 * (issue 29): its code imports the shared package, Node's built-ins, `ws`,
 * `zod` (for the files it keeps, issue 31) and its own files, nothing of
 * the server. Only its tests start the real
 * server, through the server's test helpers.
 */
const here = import.meta.dirname;
const programFiles = readdirSync(here).filter(
  (name) => name.endsWith(".ts") && !name.endsWith(".test.ts"),
);

function importsOf(file: string): string[] {
  const text = readFileSync(path.join(here, file), "utf8");
  return [...text.matchAll(/(?:from|import)\s*\(?\s*["']([^"']+)["']/g)].map(
    (match) => match[1] ?? "",
  );
}

function allowed(specifier: string): boolean {
  if (specifier.startsWith("./")) return !specifier.slice(2).includes("/");
  return specifier.startsWith("node:") || ["@fonika/shared", "ws", "zod"].includes(specifier);
}

describe("the box player's code", () => {
  it("is found", () => {
    expect(programFiles).toContain("box-player.ts");
    expect(programFiles).toContain("cli.ts");
  });

  it("imports only the shared contracts, Node's built-ins, ws, zod and its own files", () => {
    const outside = programFiles.flatMap((file) =>
      importsOf(file)
        .filter((specifier) => !allowed(specifier))
        .map((specifier) => `${file} → ${specifier}`),
    );
    expect(outside).toEqual([]);
  });
});
