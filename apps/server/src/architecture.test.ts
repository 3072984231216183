import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * STYLE.md: routes → service → repository inside a module; modules meet
 * only through services; plugins, lib, db and realtime never import a
 * module (app.ts and the *-cli.ts entry points wire them together). Every import is resolved and checked.
 */
const root = path.dirname(fileURLToPath(import.meta.url));

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const full = path.join(directory, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return name.endsWith(".ts") && !name.endsWith(".test.ts") ? [full] : [];
  });
}

function relativeImports(file: string): string[] {
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(/from\s*["'](\.{1,2}\/[^"']+)["']/g)].map((match) =>
    path.resolve(path.dirname(file), match[1] ?? ""),
  );
}

function moduleOf(file: string): string | undefined {
  const [top, name] = path.relative(root, file).split(path.sep);
  return top === "modules" ? name : undefined;
}

const violations = sourceFiles(root)
  .filter((file) => !path.relative(root, file).startsWith(`test${path.sep}`))
  // Composition roots wire modules together: the app, and the operator's CLIs.
  .filter((file) => path.basename(file) !== "app.ts" && !file.endsWith("-cli.ts"))
  .flatMap((file) =>
    relativeImports(file).flatMap((target) => {
      const from = moduleOf(file);
      const to = moduleOf(target);
      if (to === undefined || from === to) return [];
      const throughService = from !== undefined && target.endsWith(".service.ts");
      return throughService
        ? []
        : [`${path.relative(root, file)} → ${path.relative(root, target)}`];
    }),
  );

const routesReachingRepositories = sourceFiles(path.join(root, "modules"))
  .filter((file) => file.endsWith(".routes.ts"))
  .flatMap((file) =>
    relativeImports(file)
      .filter((target) => target.endsWith(".repository.ts"))
      .map((target) => `${path.relative(root, file)} → ${path.relative(root, target)}`),
  );

describe("server layering", () => {
  it("finds modules to check", () => {
    expect(sourceFiles(path.join(root, "modules")).length).toBeGreaterThan(8);
  });

  it("lets modules meet only through services, and nothing else import a module", () => {
    expect(violations).toEqual([]);
  });

  it("keeps SQL behind services: routes never import a repository", () => {
    expect(routesReachingRepositories).toEqual([]);
  });
});
