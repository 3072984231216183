#!/usr/bin/env node
/**
 * `npm test`: every suite in one run — unit and API tests (vitest: shared,
 * server, web) and browser tests (Playwright in Chromium: Debian's when installed, else the one npm brings). Vitest
 * and Playwright print their own reports; this script adds the plain total
 * line `N passed, N failed` that CI reads, and fails when any test fails.
 *
 *   node scripts/test-all.mjs              all suites
 *   node scripts/test-all.mjs --api-only   the server's API tests only
 *                                          (CI's second pass on PostgreSQL)
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const resultsDir = path.join(root, ".test-results");
const apiOnly = process.argv.includes("--api-only");
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

function run(command, args, env = {}) {
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, ...env },
  });
  return result.status ?? 1;
}

function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : undefined;
}

const totals = { passed: 0, failed: 0, skipped: 0 };
let crashed = false;

// Vitest: unit tests of every workspace and API tests on a real database.
const vitestFile = path.join(resultsDir, "vitest.json");
const vitestArgs = [
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${vitestFile}`,
];
if (apiOnly) vitestArgs.push("--project", "server");
const vitestStatus = run("npx", vitestArgs);
const vitest = readJson(vitestFile);
if (vitest) {
  totals.passed += vitest.numPassedTests;
  totals.failed += vitest.numFailedTests;
  totals.skipped += vitest.numPendingTests + vitest.numTodoTests;
  if (vitestStatus !== 0 && vitest.numFailedTests === 0) crashed = true;
} else {
  crashed = true;
}

// Playwright: browser flows against the built app.
if (!apiOnly) {
  const playwrightFile = path.join(resultsDir, "playwright.json");
  const playwrightStatus = run("npx", ["playwright", "test"], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightFile,
  });
  const playwright = readJson(playwrightFile);
  if (playwright) {
    totals.passed += playwright.stats.expected + playwright.stats.flaky;
    totals.failed += playwright.stats.unexpected;
    totals.skipped += playwright.stats.skipped;
    if (playwrightStatus !== 0 && playwright.stats.unexpected === 0) crashed = true;
  } else {
    crashed = true;
  }
}

writeFileSync(path.join(resultsDir, "totals.json"), JSON.stringify(totals));
if (crashed) {
  console.error("A test runner failed outside of its tests (see its output above).");
  totals.failed += 1;
}
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 ? 1 : 0);
