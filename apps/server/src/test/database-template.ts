import { cpSync, existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { openDatabase } from "../db/client.ts";

/**
 * A database migrated once per test run, copied for each test server
 * instead of migrating a new one (issue 16: the suite in minutes). The
 * product opens the copy as it opens any database: its migrations run and
 * find nothing left to do. Embedded PGlite: a data directory copied;
 * PostgreSQL (TEST_DATABASE_URL): a database made `with template`.
 */
const PGLITE_TEMPLATE = "FONIKA_TEST_PGLITE_TEMPLATE";
const POSTGRES_TEMPLATE = "FONIKA_TEST_POSTGRES_TEMPLATE";

/** Makes the run's template (global setup); answers how to remove it. */
export async function makeDatabaseTemplate(runDir: string): Promise<() => Promise<void>> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    const dataDir = path.join(runDir, "template");
    const handle = await openDatabase({ dataDir, databaseUrl: undefined });
    await handle.close();
    process.env[PGLITE_TEMPLATE] = path.join(dataDir, "db");
    return async () => {
      delete process.env[PGLITE_TEMPLATE];
    };
  }
  const name = `fonika_template_${process.pid}_${Date.now()}`;
  await onServer(base, `create database ${name}`);
  const handle = await openDatabase({ dataDir: runDir, databaseUrl: withDatabase(base, name) });
  await handle.close();
  process.env[POSTGRES_TEMPLATE] = name;
  return async () => {
    delete process.env[POSTGRES_TEMPLATE];
    await onServer(base, `drop database if exists ${name}`);
  };
}

/** A new DATA_DIR under the temporary directory, holding a copy of the migrated template (if any). */
export function templateDataDir(prefix: string): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  copyPgliteTemplate(dataDir);
  return dataDir;
}

/** Puts a copy of the migrated template in a new DATA_DIR (nothing when there is no template). */
export function copyPgliteTemplate(dataDir: string): void {
  const template = process.env[PGLITE_TEMPLATE];
  const target = path.join(dataDir, "db");
  if (template && !existsSync(target)) cpSync(template, target, { recursive: true });
}

/** A new database on the TEST_DATABASE_URL server, from the template when there is one. */
export async function createPostgresDatabase(base: string, name: string): Promise<string> {
  const template = process.env[POSTGRES_TEMPLATE];
  await onServer(base, `create database ${name}${template ? ` template ${template}` : ""}`);
  return withDatabase(base, name);
}

async function onServer(base: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

function withDatabase(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}
