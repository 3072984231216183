import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import * as tar from "tar";
import type { Config } from "../config.ts";
import { openDatabase } from "../db/client.ts";
import { askControl } from "./control-socket.ts";
import { dumpDatabase } from "./database-dump.ts";
import { knownMigrations, loadDatabase } from "./database-load.ts";
import { type Snapshot, takeSnapshot } from "./snapshot.ts";

/** What a backup holds, written as `manifest.json` at its root. */
export interface BackupManifest {
  /**
   * 2: the database as a logical dump of its live rows (`database/`);
   * 1 (read for restores only): a copy of PGlite's data folder (`db/`).
   */
  format: "fonika-backup-2" | "fonika-backup-1";
  createdAt: string;
  /** Parts present: the embedded database, the stored files, the signing secret. */
  parts: Array<"database" | "db" | "files" | "jwt-secret">;
  /** The newest migration the database had: a restore onto older code is refused. */
  migrations: number;
}

export const MANIFEST = "manifest.json";

/** A refusal the CLI prints as it is (what to do instead). */
export class BackupError extends Error {
  override name = "BackupError";
}

const POSTGRES_ADVICE =
  "DATABASE_URL is set: this deployment's data is in PostgreSQL — back it up with pg_dump " +
  "(and restore with pg_restore), and the files with the bucket's own tools (see README, Backups).";

/**
 * `npm run backup -- FILE`: one gzipped tar of the embedded database's
 * live rows, the stored files (when they are under DATA_DIR) and the
 * signing secret, of one instant, while the server runs: the running server
 * copies its data folder between transactions (it alone may open the
 * database); with no server running, this process opens the database and
 * copies it. This process then dumps the copy's live rows
 * (database-dump.ts) and deletes the copy: no byte of a deleted or
 * overwritten row, which a data folder keeps in dead tuples and WAL, goes
 * into the archive. The archive appears whole or not at all (written
 * beside, then renamed), readable by its owner only.
 */
export async function backup(config: Config, file: string): Promise<BackupManifest> {
  if (config.databaseUrl) throw new BackupError(POSTGRES_ADVICE);
  const staging = path.join(config.dataDir, "tmp");
  mkdirSync(staging, { recursive: true });
  const target = mkdtempSync(path.join(staging, "backup-"));
  const partial = `${file}.partial`;
  try {
    const folder = path.join(target, "snapshot");
    const snapshot = await snapshotOf(config, folder);
    await dumpDatabase(path.join(folder, "db"), path.join(folder, "database"));
    rmSync(path.join(folder, "db"), { recursive: true, force: true });
    const manifest: BackupManifest = {
      format: "fonika-backup-2",
      createdAt: snapshot.createdAt,
      parts: ["database", ...snapshot.parts.filter((part) => part !== "db")],
      migrations: snapshot.migrations,
    };
    writeFileSync(path.join(folder, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    await tar.create(
      { gzip: true, file: partial, cwd: folder, portable: true },
      readdirSync(folder),
    );
    chmodSync(partial, 0o600);
    renameSync(partial, file);
    return manifest;
  } finally {
    rmSync(target, { recursive: true, force: true });
    rmSync(partial, { force: true });
  }
}

async function snapshotOf(config: Config, target: string): Promise<Snapshot> {
  const answer = await askControl(config.dataDir, { command: "snapshot", target });
  if (answer?.ok) return answer.result as Snapshot;
  if (answer) throw new BackupError(`The server could not take the snapshot: ${answer.error}`);
  // No server holds the database: open it here (a server started meanwhile is refused the lock).
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: undefined });
  try {
    return await takeSnapshot(database, config.dataDir, target, { localFiles: !config.s3 });
  } finally {
    await database.close();
  }
}

/**
 * `npm run restore -- FILE`: brings an archive of `backup` back into an
 * empty DATA_DIR (no database, no files; a signing secret made by a start
 * without data is replaced by the archive's): the database is built anew
 * by the migrations the backup's database had and its rows loaded
 * (database-load.ts); the server's next start applies newer migrations.
 * An archive of format 1 (a copy of the data folder) is put back as it is.
 * Refused while a server runs on it, and for an archive of a newer version
 * than this code.
 */
export async function restore(config: Config, file: string): Promise<BackupManifest> {
  if (config.databaseUrl) throw new BackupError(POSTGRES_ADVICE);
  if (!existsSync(file)) throw new BackupError(`No archive at ${file}`);
  for (const part of ["db", "files"]) {
    const existing = path.join(config.dataDir, part);
    if (existsSync(existing) && readdirSync(existing).length > 0) {
      throw new BackupError(
        `${existing} is not empty: restore into an empty DATA_DIR (set DATA_DIR to a new folder)`,
      );
    }
  }
  if (await askControl(config.dataDir, { command: "ping" }).catch(() => undefined)) {
    throw new BackupError(`A server is running on ${config.dataDir}: stop it first`);
  }
  const staging = mkdtempSync(path.join(config.dataDir, "restore-"));
  try {
    await tar.extract({ file, cwd: staging, strict: true });
    const manifestFile = path.join(staging, MANIFEST);
    if (!existsSync(manifestFile)) throw new BackupError(`${file} is not a Фоника backup`);
    const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as BackupManifest;
    const readable =
      (manifest.format === "fonika-backup-2" && manifest.parts.includes("database")) ||
      (manifest.format === "fonika-backup-1" && manifest.parts.includes("db"));
    if (!readable) throw new BackupError(`${file} is not a Фоника backup this version reads`);
    const known = knownMigrations();
    if (manifest.migrations > known) {
      throw new BackupError(
        `The backup is of a newer Фоника (${manifest.migrations} migrations, this code knows ${known}): update the code first`,
      );
    }
    if (manifest.parts.includes("database")) {
      // Built beside, then renamed: a failed load leaves DATA_DIR without a database.
      await loadDatabase(
        path.join(staging, "database"),
        path.join(staging, "db"),
        manifest.migrations,
        staging,
      );
    }
    // The loaded database is the data folder `db`, as a format 1 archive holds it.
    for (const part of manifest.parts.map((part) => (part === "database" ? "db" : part))) {
      const destination = path.join(config.dataDir, part);
      rmSync(destination, { recursive: true, force: true });
      renameSync(path.join(staging, part), destination);
    }
    if (manifest.parts.includes("jwt-secret")) {
      chmodSync(path.join(config.dataDir, "jwt-secret"), 0o600);
    }
    return manifest;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
