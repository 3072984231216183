import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from "node:fs";
import path from "node:path";
import * as tar from "tar";
import type { Config } from "../config.ts";
import { migrationsFolder, openDatabase } from "../db/client.ts";
import { askControl } from "./control-socket.ts";
import { type BackupManifest, MANIFEST, takeSnapshot } from "./snapshot.ts";

/** A refusal the CLI prints as it is (what to do instead). */
export class BackupError extends Error {
  override name = "BackupError";
}

const POSTGRES_ADVICE =
  "DATABASE_URL is set: this deployment's data is in PostgreSQL — back it up with pg_dump " +
  "(and restore with pg_restore), and the files with the bucket's own tools (see README, Backups).";

/**
 * `npm run backup -- FILE`: one gzipped tar of the embedded database, the
 * stored files (when they are under DATA_DIR) and the signing secret, of
 * one instant, while the server runs: the running server takes the
 * snapshot (it alone may open the database); with no server running, this
 * process opens the database and takes it. The archive appears whole or
 * not at all (written beside, then renamed), readable by its owner only.
 */
export async function backup(config: Config, file: string): Promise<BackupManifest> {
  if (config.databaseUrl) throw new BackupError(POSTGRES_ADVICE);
  const staging = path.join(config.dataDir, "tmp");
  mkdirSync(staging, { recursive: true });
  const target = mkdtempSync(path.join(staging, "backup-"));
  try {
    const manifest = await snapshotOf(config, path.join(target, "snapshot"));
    const partial = `${file}.partial`;
    await tar.create(
      { gzip: true, file: partial, cwd: path.join(target, "snapshot"), portable: true },
      readdirSync(path.join(target, "snapshot")),
    );
    chmodSync(partial, 0o600);
    renameSync(partial, file);
    return manifest;
  } finally {
    rmSync(target, { recursive: true, force: true });
  }
}

async function snapshotOf(config: Config, target: string): Promise<BackupManifest> {
  const answer = await askControl(config.dataDir, { command: "snapshot", target });
  if (answer?.ok) return answer.result as BackupManifest;
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
 * without data is replaced by the archive's). Refused while a server runs
 * on it, and for an archive of a newer version than this code.
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
    if (manifest.format !== "fonika-backup-1" || !manifest.parts.includes("db")) {
      throw new BackupError(`${file} is not a Фоника backup this version reads`);
    }
    const known = knownMigrations();
    if (manifest.migrations > known) {
      throw new BackupError(
        `The backup is of a newer Фоника (${manifest.migrations} migrations, this code knows ${known}): update the code first`,
      );
    }
    for (const part of manifest.parts) {
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

/** How many migrations this code has (its journal's entries). */
function knownMigrations(): number {
  const journal = path.join(migrationsFolder, "meta", "_journal.json");
  return (JSON.parse(readFileSync(journal, "utf8")) as { entries: unknown[] }).entries.length;
}
