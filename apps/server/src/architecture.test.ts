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
 * The server's layering, as docs/architecture.md draws it: every module is
 * a folder with one public face (`modules/<m>/<m>.ts`) and nothing outside
 * a module imports anything of it but that face; inside a module routes →
 * service → repository (routes never reach SQL); plugins, lib, db, storage,
 * realtime and the kernel never import a module, and the kernel imports no
 * framework; app.ts (and its wiring by area, app-*.ts) composes faces in
 * dependency order, nothing used before it is built; every table is
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

const modulesDir = path.join(root, "modules");
const modules = readdirSync(modulesDir).filter((name) =>
  statSync(path.join(modulesDir, name)).isDirectory(),
);

/** A module's one public face: the only file of it that anything outside the module imports. */
function faceOf(module: string): string {
  return path.join(modulesDir, module, `${module}.ts`);
}

/** Composition roots: app.ts, its wiring by area (app-*.ts) and the operator's CLIs. */
function isCompositionRoot(file: string): boolean {
  return /^app(-[a-z-]+)?\.ts$/.test(path.basename(file)) || file.endsWith("-cli.ts");
}

const checkedFiles = sourceFiles(root).filter(
  (file) => !path.relative(root, file).startsWith(`test${path.sep}`),
);

/**
 * Imports of a module from outside it: only its face, and only from another
 * module or a composition root (plugins, lib, db, storage, realtime and the
 * kernel are below the modules and import none).
 */
const violations = checkedFiles.flatMap((file) =>
  relativeImports(file).flatMap((target) => {
    const from = moduleOf(file);
    const to = moduleOf(target);
    if (to === undefined || from === to) return [];
    const allowed = (from !== undefined || isCompositionRoot(file)) && target === faceOf(to);
    return allowed ? [] : [`${path.relative(root, file)} → ${path.relative(root, target)}`];
  }),
);

/** What the kernel imports that is not free of the framework and the layers above it. */
const kernelDependencies = sourceFiles(path.join(root, "kernel")).flatMap((file) => {
  const text = readFileSync(file, "utf8");
  const packages = [...text.matchAll(/from\s*["']([^."'][^"']*)["']/g)]
    .map((match) => match[1] ?? "")
    .filter((name) => !["@fonika/shared", "pino"].includes(name) && !name.startsWith("node:"));
  const local = relativeImports(file).filter(
    (target) => !target.startsWith(path.join(root, "kernel")),
  );
  return [...packages, ...local.map((target) => path.relative(root, target))].map(
    (name) => `${path.relative(root, file)} → ${name}`,
  );
});

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

  it("gives every module one face that makes it", () => {
    const faceless = modules.filter((module) => {
      const face = faceOf(module);
      return (
        !existsSync(face) || !/export function create[A-Z]\w*\(/.test(readFileSync(face, "utf8"))
      );
    });
    expect(modules.length).toBeGreaterThan(10);
    expect(faceless).toEqual([]);
  });

  it("lets modules meet only through their faces, and nothing below them import a module", () => {
    expect(violations).toEqual([]);
  });

  it("keeps the kernel free of the framework and of every layer above it", () => {
    expect(sourceFiles(path.join(root, "kernel")).length).toBeGreaterThan(2);
    expect(kernelDependencies).toEqual([]);
  });

  it("keeps app.ts a composition of faces, under 200 lines", () => {
    const lines = readFileSync(path.join(root, "app.ts"), "utf8").split("\n").length;
    expect(lines).toBeLessThan(200);
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
