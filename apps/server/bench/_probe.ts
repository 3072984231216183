import { existsSync, mkdirSync, writeFileSync, readFileSync } from "node:fs";
import path from "node:path";
import pino from "pino";
import { sql } from "drizzle-orm";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { suggest, withSearchSettings } from "../src/modules/search/search.repository.ts";
import { listChildren } from "../src/modules/vault/vault.repository.ts";
import { generateLibrary, searchTexts } from "./library-data.ts";

const dir = process.env.PROBE_DIR ?? "/tmp/probe-lib";
const fresh = !existsSync(path.join(dir, "meta.json"));
mkdirSync(dir, { recursive: true });
const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: "warn", WEB_DIST: "/nonexistent", LOUDNESS_WORKER: "off",
  ...(process.env.PROBE_PG ? { DATABASE_URL: process.env.PROBE_PG } : {}) });
const app = await buildApp(config, { logger: pino({ level: "warn" }) });
await app.ready();
let meta: { folderId: string; titles: string[]; artists: string[] };
if (fresh) {
  meta = await generateLibrary(app.db, { songs: 100_000, folderTracks: 10_000, playlists: 2_000 });
  writeFileSync(path.join(dir, "meta.json"), JSON.stringify(meta));
} else meta = JSON.parse(readFileSync(path.join(dir, "meta.json"), "utf8"));
const texts = searchTexts(meta.titles, meta.artists);
const mode = process.argv[2] ?? "search";
const time = async (f: () => Promise<unknown>) => { const t = performance.now(); await f(); return performance.now() - t; };
if (mode === "search") {
  const results: Array<[string, number]> = [];
  const run = (text: string) => withSearchSettings(app.db, (tx) => suggest(tx, { text, short: [...text].length < 3 },
    { perCategory: 21, offset: 0, limit: 21, playableOnly: false }));
  for (const t of texts) await run(t);
  for (const t of texts) { let best = Infinity, worst = 0; for (let i = 0; i < 3; i++) { const ms = await time(() => run(t)); best = Math.min(best, ms); worst = Math.max(worst, ms);} results.push([t, worst]); }
  results.sort((a, b) => b[1] - a[1]);
  const all = results.map(r => r[1]).sort((a,b)=>a-b);
  console.log("p50", all[Math.floor(all.length/2)]?.toFixed(1), "max", all.at(-1)?.toFixed(1));
  for (const [t, ms] of results.slice(0, 15)) console.log(ms.toFixed(1).padStart(8), JSON.stringify(t));
} else if (mode === "ls") {
  const pages = Array.from({ length: 60 }, (_, index) => ({
    page: (index * 37) % 800,
    sortBy: (["name", "size", "createdDate"] as const)[index % 3] ?? "name",
    query: index % 4 === 3 ? (texts[index] ?? "").slice(0, 4) : undefined,
  }));
  const run = (page: typeof pages[number]) => listChildren(app.db, meta.folderId, { query: page.query, sortBy: page.sortBy, order: "asc", limit: 12, offset: page.page * 12 });
  for (const p of pages) await run(p);
  const results: Array<[string, number]> = [];
  for (const p of pages) { let worst = 0; for (let i = 0; i < 3; i++) worst = Math.max(worst, await time(() => run(p))); results.push([JSON.stringify(p), worst]); }
  results.sort((a, b) => b[1] - a[1]);
  for (const [t, ms] of results.slice(0, 15)) console.log(ms.toFixed(1).padStart(8), t);
} else if (mode === "explain") {
  const text = process.argv[3] ?? "";
  for (let i = 0; i < 3; i++) await withSearchSettings(app.db, (tx) => suggest(tx, { text, short: [...text].length < 3 }, { perCategory: 21, offset: 0, limit: 21, playableOnly: false }));
  await withSearchSettings(app.db, async (tx) => {
    const spy = { execute: async (q: any) => {
      const r = await tx.execute(sql`explain (analyze, costs off, timing on, summary on) ${q}`) as unknown as { rows: any[] };
      for (const row of r.rows) console.log(Object.values(row)[0]);
      return { rows: [] };
    } } as any;
    await suggest(spy, { text, short: [...text].length < 3 }, { perCategory: 21, offset: 0, limit: 21, playableOnly: false });
  });
} else if (mode === "sql") {
  const all = readFileSync(0, "utf8");
  const wrap = process.argv[3] === "notx" ? (f: (tx: typeof app.db) => Promise<void>) => f(app.db) : (f: any) => app.db.transaction(f);
  await wrap(async (tx: any) => {
  for (const q of all.split(/;\s*\n/).filter((x) => x.trim())) {
    const t = performance.now();
    const r = await tx.execute(sql.raw(q)) as unknown as { rows: unknown[] };
    console.log(`-- ${(performance.now() - t).toFixed(1)} ms: ${q.slice(0, 100).replace(/\s+/g, " ")}`);
    for (const row of r.rows.slice(0, 40)) console.log(Object.values(row as object).join(" | "));
  }
  });
}
await app.close();
