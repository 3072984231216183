#!/usr/bin/env node
/**
 * `npm test`: every suite in one run — unit and API tests (vitest: shared,
 * server, box-player, web) and browser tests (Playwright in Chromium: Debian's when installed, else the one npm brings). Vitest
 * and Playwright print their own reports; this script adds the plain total
 * line `N passed, N failed` that CI reads (after the failed tests' names, so a
 * log's tail says which), and fails when any test fails.
 *
 *   node scripts/test-all.mjs              all suites
 *   node scripts/test-all.mjs --api-only   the API tests only: the server's
 *                                          and the box player's (CI's second
 *                                          pass on PostgreSQL)
 */
import { spawn, spawnSync } from "node:child_process";
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";

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

const totals = { passed: 0, failed: 0, skipped: 0, failures: [] };
let crashed = false;
/** Browser flows that failed once and passed on their retry (CI only). */
const flaky = [];

/** Names of vitest's failed tests: "file › title". */
function vitestFailures(report) {
  return report.testResults.flatMap((file) =>
    file.assertionResults
      .filter((test) => test.status === "failed")
      .map(
        (test) =>
          `${path.relative(root, file.name)} › ${test.fullName}${why(test.failureMessages?.[0])}`,
      ),
  );
}

/**
 * The first lines of a failure's message (colours stripped), said beside its
 * name: a CI log often shows only its tail, and a flow that failed once there
 * must say why without its trace.
 */
function why(message) {
  if (!message) return "";
  const lines = stripVTControlCharacters(message)
    .split("\n")
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== "")
    .slice(0, 6);
  return `\n    ${lines.join("\n    ").slice(0, 900)}`;
}

/**
 * Names of Playwright's tests of one status, walking nested suites:
 * `unexpected` (failed) or `flaky` (failed, then passed on CI's one retry).
 */
function playwrightTests(suite, status, file = suite.file) {
  const own = (suite.specs ?? []).flatMap((spec) =>
    spec.tests
      .filter((test) => test.status === status)
      .map((test) => {
        const failed = test.results.findLast((result) => result.status !== "passed");
        return `e2e/${spec.file ?? file} › ${spec.title}${why(failed?.error?.message)}`;
      }),
  );
  return [
    ...own,
    ...(suite.suites ?? []).flatMap((child) => playwrightTests(child, status, child.file ?? file)),
  ];
}

// The browser flows' server is `npm start`, which builds the web app first
// when its sources changed (always in a fresh clone). That build starts now,
// at the lowest CPU priority, beside vitest: it takes what vitest leaves
// idle (its start, its global setup, its last files), not vitest's share,
// and Playwright then finds it built. Its output goes to a log, said only
// when it fails (npm start would then build again and fail in Playwright's
// log too).
const buildLog = path.join(resultsDir, "build.log");
const build = apiOnly ? undefined : buildBeside();

function buildBeside() {
  const log = openSync(buildLog, "w");
  const child = spawn("nice", ["-n", "19", process.execPath, "scripts/build-if-changed.mjs"], {
    cwd: root,
    stdio: ["ignore", log, log],
  });
  return new Promise((resolve) => {
    child.on("error", () => resolve(1));
    child.on("exit", (code) => resolve(code ?? 1));
  }).finally(() => closeSync(log));
}

// Vitest: unit tests of every workspace and API tests on a real database.
const vitestFile = path.join(resultsDir, "vitest.json");
const vitestArgs = [
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${vitestFile}`,
];
// The box player's tests play against the real server too (their own workspace).
if (apiOnly) vitestArgs.push("--project", "server", "--project", "box-player");
const vitestStatus = run("npx", vitestArgs);
const vitest = readJson(vitestFile);
if (vitest) {
  totals.passed += vitest.numPassedTests;
  totals.failed += vitest.numFailedTests;
  totals.skipped += vitest.numPendingTests + vitest.numTodoTests;
  totals.failures.push(...vitestFailures(vitest));
  if (vitestStatus !== 0 && vitest.numFailedTests === 0) crashed = true;
} else {
  crashed = true;
}

// Playwright: browser flows against the built app.
if (!apiOnly) {
  if ((await build) !== 0) {
    console.error(`Building the web app beside vitest failed:\n${readFileSync(buildLog, "utf8")}`);
  }
  const playwrightFile = path.join(resultsDir, "playwright.json");
  const playwrightStatus = run("npx", ["playwright", "test"], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightFile,
  });
  const playwright = readJson(playwrightFile);
  if (playwright) {
    totals.passed += playwright.stats.expected + playwright.stats.flaky;
    totals.failed += playwright.stats.unexpected;
    totals.skipped += playwright.stats.skipped;
    totals.failures.push(
      ...playwright.suites.flatMap((suite) => playwrightTests(suite, "unexpected")),
    );
    flaky.push(...playwright.suites.flatMap((suite) => playwrightTests(suite, "flaky")));
    if (playwrightStatus !== 0 && playwright.stats.unexpected === 0) crashed = true;
  } else {
    crashed = true;
  }
}

writeFileSync(path.join(resultsDir, "totals.json"), JSON.stringify({ ...totals, flaky }));
if (crashed) {
  console.error("A test runner failed outside of its tests (see its output above).");
  totals.failed += 1;
}
// The names again at the very end, where a CI log's tail still shows them;
// a flow that passed only on its retry is named too, with why it failed first.
for (const name of flaky) console.log(`flaky (passed on retry): ${name}`);
for (const name of totals.failures) console.log(`failed: ${name}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 ? 1 : 0);
