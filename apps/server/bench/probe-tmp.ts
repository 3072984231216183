import { suggest, withSearchSettings } from "../src/modules/search/search.repository.ts";
import { generateLibrary } from "./library-data.ts";
import { startBenchApp } from "./support.ts";

const bench = await startBenchApp(process.env.PGURL);
await generateLibrary(bench.app.db, { songs: 100_000, folderTracks: 10_000, playlists: 2_000 });
for (let pass = 0; pass < 2; pass++)
  for (const text of [
    "Morning dance",
    "morn",
    "Веер dance",
    "ут",
    "Nordic",
    "zzzqx",
    "ёлк",
    "Golden Hou",
    "Mornin Ligt",
  ]) {
    const t = performance.now();
    const rows = await withSearchSettings(bench.app.db, (tx) =>
      suggest(
        tx,
        { text, short: [...text].length < 3 },
        { perCategory: 21, offset: 0, limit: 21, playableOnly: true },
      ),
    );
    if (pass)
      console.log(
        text,
        rows.length,
        (performance.now() - t).toFixed(1),
        "ms",
        rows
          .slice(0, 3)
          .map((r) => `${r.category}:${r.name}`)
          .join(" | "),
      );
  }
await bench.close();
