import { copyFileSync, existsSync, linkSync, mkdirSync, readdirSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { type DatabaseHandle, rowsOf } from "../db/client.ts";

/** What a snapshot holds, in its folder: parts present, and the database's schema version. */
export interface Snapshot {
  createdAt: string;
  /**
   * `db`: a copy of the embedded database's data folder, only ever an
   * intermediate (archive.ts dumps its live rows and deletes it); the
   * stored files; the signing secret.
   */
  parts: Array<"db" | "files" | "jwt-secret">;
  /** The migrations the database had. */
  migrations: number;
}

/**
 * Takes a snapshot of one instant into `target` (a new folder on the same
 * disk as DATA_DIR, under DATA_DIR/tmp): the embedded database's data
 * folder copied between transactions, and, while its queries wait, the
 * stored files hard-linked (a link keeps a file's content even if the
 * server removes or replaces it afterwards; a copy where links are not
 * possible). Then the signing secret, so that a restored deployment keeps
 * its sessions and the keyed hashes of its codes. The copy of the data
 * folder still holds dead rows: it never leaves DATA_DIR (the archive
 * takes a logical dump of it, database-dump.ts). Queries wait only for the
 * copy, not for a dump: PGlite is one session, and a transaction open for
 * a whole dump would hold every request of the server.
 */
export async function takeSnapshot(
  database: DatabaseHandle,
  dataDir: string,
  target: string,
  options: { localFiles: boolean },
): Promise<Snapshot> {
  if (!database.snapshot) {
    throw new Error(
      "This deployment keeps its data in PostgreSQL: back it up with pg_dump (see README)",
    );
  }
  mkdirSync(target, { recursive: true });
  const resume = await database.snapshot(path.join(target, "db"));
  const parts: Snapshot["parts"] = ["db"];
  try {
    const files = path.join(dataDir, "files");
    if (options.localFiles && existsSync(files)) {
      linkTree(files, path.join(target, "files"));
      parts.push("files");
    }
  } finally {
    resume();
  }
  const secret = path.join(dataDir, "jwt-secret");
  if (existsSync(secret)) {
    copyFileSync(secret, path.join(target, "jwt-secret"));
    parts.push("jwt-secret");
  }
  return {
    createdAt: new Date().toISOString(),
    parts,
    migrations: await appliedMigrations(database),
  };
}

async function appliedMigrations(database: DatabaseHandle): Promise<number> {
  const result = await database.db.execute(
    sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
  );
  return rowsOf<{ count: number }>(result)[0]?.count ?? 0;
}

/** Mirrors a folder tree with hard links (copies when linking is refused). */
function linkTree(source: string, target: string): void {
  mkdirSync(target, { recursive: true });
  for (const entry of readdirSync(source, { withFileTypes: true })) {
    const from = path.join(source, entry.name);
    const to = path.join(target, entry.name);
    if (entry.isDirectory()) linkTree(from, to);
    else if (entry.isFile()) {
      try {
        linkSync(from, to);
      } catch {
        copyFileSync(from, to);
      }
    }
  }
}
