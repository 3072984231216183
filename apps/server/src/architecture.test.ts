import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * STYLE.md: routes → service → repository inside a module; modules meet
 * only through services, or through the one public face of a module that
 * has one (`modules/<m>/<m>.ts`, e.g. the library); plugins, lib, db and
 * realtime never import a module (app.ts, its wiring by area app-*.ts, and the *-cli.ts entry points wire
 * them together). Every import is resolved and checked, and every table is
 * written by one module only.
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

/** A module's public face, when it has one: the only file other modules may import. */
function publicFaceOf(module: string): string | undefined {
  const face = path.join(root, "modules", module, `${module}.ts`);
  return existsSync(face) ? face : undefined;
}

const violations = sourceFiles(root)
  .filter((file) => !path.relative(root, file).startsWith(`test${path.sep}`))
  // Composition roots wire modules together: the app, and the operator's CLIs.
  // app.ts and its wiring by area (app-support.ts) compose the modules.
  .filter((file) => !/^app(-[a-z-]+)?\.ts$/.test(path.basename(file)) && !file.endsWith("-cli.ts"))
  .flatMap((file) =>
    relativeImports(file).flatMap((target) => {
      const from = moduleOf(file);
      const to = moduleOf(target);
      if (to === undefined || from === to) return [];
      const face = publicFaceOf(to);
      const allowed =
        from !== undefined && (face ? target === face : target.endsWith(".service.ts"));
      return allowed ? [] : [`${path.relative(root, file)} → ${path.relative(root, target)}`];
    }),
  );

const routesReachingRepositories = sourceFiles(path.join(root, "modules"))
  .filter((file) => file.endsWith(".routes.ts"))
  .flatMap((file) =>
    relativeImports(file)
      .filter((target) => target.endsWith(".repository.ts"))
      .map((target) => `${path.relative(root, file)} → ${path.relative(root, target)}`),
  );

/** Tables by the name the code uses (drizzle) and by their SQL name. */
const tables = new Map<string, string>();
for (const schemaFile of sourceFiles(path.join(root, "db")).filter((file) =>
  file.endsWith("schema.ts"),
)) {
  const text = readFileSync(schemaFile, "utf8");
  for (const [, name, sqlName] of text.matchAll(
    /export const (\w+) = (?:pgTable|catalogTable)\(\s*"(\w+)"/g,
  )) {
    tables.set(name as string, sqlName as string);
    tables.set(sqlName as string, sqlName as string);
  }
}

/**
 * Who writes each table: drizzle's insert/update/delete of a table, and SQL
 * text that inserts into, updates or deletes from it. The seed (`npm run
 * db:seed`) is an operator's tool that fills several modules' tables.
 */
const writers = new Map<string, Set<string>>();
for (const file of sourceFiles(root)) {
  const relative = path.relative(root, file);
  if (relative.startsWith(`test${path.sep}`) || relative === path.join("db", "seed.ts")) continue;
  const text = readFileSync(file, "utf8");
  const written = [
    ...text.matchAll(/\.(?:insert|update|delete)\((\w+)\)/g),
    ...text.matchAll(/(?:insert into|update|delete from)\s+(?:\$\{)?(\w+)/gi),
  ].flatMap((match) => {
    const table = tables.get(match[1] ?? "");
    return table ? [table] : [];
  });
  for (const table of written) {
    const set = writers.get(table) ?? new Set<string>();
    set.add(moduleOf(file) ?? relative);
    writers.set(table, set);
  }
}
const sharedTables = [...writers]
  .filter(([, modules]) => modules.size > 1)
  .map(([table, modules]) => `${table}: ${[...modules].sort().join(", ")}`);

/**
 * Where a composition root uses a binding before the line that builds it:
 * a closure handed to a module that calls one built later (a port filled
 * after the fact, which neither the imports nor a reader of the module can
 * see). The check reads each top-level function of the file: its
 * declarations at the body's top level (`const x = …`, `const { a, b } =
 * …`) and any earlier line that names one (not as an object key, a
 * property or in a comment).
 */
function forwardReferences(file: string): string[] {
  const lines = readFileSync(file, "utf8").split("\n");
  const found: string[] = [];
  let start = -1;
  lines.forEach((line, index) => {
    if (/^(export )?(async )?function \w+/.test(line)) start = index;
    if (start < 0 || line !== "}") return;
    const body = lines.slice(start, index + 1);
    const declared = body.flatMap((text, at) => {
      const match = text.match(/^ {2}(?:const|let) (\{[^}]*\}|\w+)/);
      if (!match?.[1]) return [];
      const names = match[1].startsWith("{")
        ? match[1]
            .slice(1, -1)
            .split(",")
            .map((part) => part.split(":").pop()?.trim() ?? "")
        : [match[1]];
      return names.filter(Boolean).map((name) => ({ name, at }));
    });
    for (const { name, at } of declared) {
      const use = new RegExp(`(?<![.\\w])${name}\\b(?!\\s*:)`);
      body.slice(0, at).forEach((text) => {
        const code = text.replace(/\/\/.*$/, "");
        if (/^\s*(\*|\/\*\*)/.test(code) || !use.test(code)) return;
        found.push(`${path.basename(file)}: ${name} used before it is built (${code.trim()})`);
      });
    }
    start = -1;
  });
  return found;
}

describe("server layering", () => {
  it("finds modules to check", () => {
    expect(sourceFiles(path.join(root, "modules")).length).toBeGreaterThan(8);
  });

  it("lets modules meet only through services, and nothing else import a module", () => {
    expect(violations).toEqual([]);
  });

  it("finds the tables and who writes them", () => {
    expect(tables.size).toBeGreaterThan(20);
    expect([...(writers.get("vault_entries") ?? [])]).toEqual(["library"]);
  });

  it("lets each table be written by one module only", () => {
    expect(sharedTables).toEqual([]);
  });

  it("builds modules in dependency order: nothing is used before it is built", () => {
    const roots = readdirSync(root)
      .filter((name) => /^app(-[a-z-]+)?\.ts$/.test(name))
      .map((name) => path.join(root, name));
    expect(roots.length).toBeGreaterThan(1);
    expect(roots.flatMap(forwardReferences)).toEqual([]);
  });

  it("finds a use before building where there is one", () => {
    const sample = path.join(mkdtempSync(path.join(tmpdir(), "app-order-")), "app.ts");
    writeFileSync(
      sample,
      [
        "export function buildApp() {",
        "  const early = make({ later: () => later.run(), key: 1 });",
        "  const later = make({ early });",
        "}",
      ].join("\n"),
    );
    expect(forwardReferences(sample)).toEqual([
      "app.ts: later used before it is built (const early = make({ later: () => later.run(), key: 1 });)",
    ]);
  });

  it("keeps SQL behind services: routes never import a repository", () => {
    expect(routesReachingRepositories).toEqual([]);
  });
});
