import { copyFileSync, existsSync, linkSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { type DatabaseHandle, rowsOf } from "../db/client.ts";

/** What a backup holds, written as `manifest.json` at its root. */
export interface BackupManifest {
  format: "fonika-backup-1";
  createdAt: string;
  /** Parts present: the embedded database, the stored files, the signing secret. */
  parts: Array<"db" | "files" | "jwt-secret">;
  /** The newest migration the database had: a restore onto older code is refused. */
  migrations: number;
}

export const MANIFEST = "manifest.json";

/**
 * Takes a backup of one instant into `target` (a new folder on the same
 * disk as DATA_DIR): the embedded database copied between transactions,
 * and, while its queries wait, the stored files hard-linked (a link keeps a
 * file's content even if the server removes or replaces it afterwards; a
 * copy where links are not possible). Then the signing secret, so that a
 * restored deployment keeps its sessions and the keyed hashes of its codes.
 */
export async function takeSnapshot(
  database: DatabaseHandle,
  dataDir: string,
  target: string,
  options: { localFiles: boolean },
): Promise<BackupManifest> {
  if (!database.snapshot) {
    throw new Error(
      "This deployment keeps its data in PostgreSQL: back it up with pg_dump (see README)",
    );
  }
  mkdirSync(target, { recursive: true });
  const resume = await database.snapshot(path.join(target, "db"));
  const parts: BackupManifest["parts"] = ["db"];
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
  const manifest: BackupManifest = {
    format: "fonika-backup-1",
    createdAt: new Date().toISOString(),
    parts,
    migrations: await appliedMigrations(database),
  };
  writeFileSync(path.join(target, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
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
