import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * docs/architecture.md ("The web app"): imports flow one way — shared → components/lib/config →
 * features → app — and features never import each other. Each import of
 * every source file is resolved and checked against that order.
 */
const root = path.dirname(new URL(import.meta.url).pathname);

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const full = path.join(directory, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

function relativeImports(file: string): string[] {
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(/(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g)].map((match) =>
    path.resolve(path.dirname(file), match[1] ?? ""),
  );
}

/** The layer of a file: app, a feature's name, or a base layer. */
function layerOf(file: string): { kind: "app" | "feature" | "base"; name: string } {
  const [top, second] = path.relative(root, file).split(path.sep);
  if (top === "app") return { kind: "app", name: "app" };
  if (top === "features") return { kind: "feature", name: second ?? "" };
  return { kind: "base", name: top ?? "" };
}

const violations = sourceFiles(root)
  .filter((file) => !file.endsWith(".test.ts") && !file.endsWith(".test.tsx"))
  .filter((file) => !path.relative(root, file).startsWith(`test${path.sep}`))
  .flatMap((file) =>
    relativeImports(file).flatMap((target) => {
      const from = layerOf(file);
      const to = layerOf(target);
      const allowed =
        from.kind === "app" ||
        (from.kind === "feature" && (to.kind === "base" || to.name === from.name)) ||
        (from.kind === "base" && to.kind === "base");
      return allowed ? [] : [`${path.relative(root, file)} → ${path.relative(root, target)}`];
    }),
  );

describe("web app layering", () => {
  it("finds source files to check", () => {
    expect(sourceFiles(path.join(root, "features")).length).toBeGreaterThan(10);
  });

  it("has no import against the one-way flow and no feature importing another", () => {
    expect(violations).toEqual([]);
  });
});
