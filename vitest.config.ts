import { defineConfig } from "vitest/config";

/** One test run for every workspace: unit, API (real server + database), web. */
export default defineConfig({
  test: {
    // Vitest leaves one core free by default: on a 2-core machine that is one
    // file at a time for the whole run. Two workers keep both cores busy.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: "shared",
          root: "packages/shared",
          include: ["src/**/*.test.ts"],
          environment: "node",
          // Pure functions, no mocks: a new process per file was most of their time.
          isolate: false,
        },
      },
      {
        test: {
          name: "server",
          root: "apps/server",
          include: ["src/**/*.test.ts"],
          environment: "node",
          globalSetup: ["src/test/global-setup.ts"],
          // A worker's files share its modules: each file still starts its own
          // app on its own database, but the server's code is imported once
          // per worker, not per file (import time 76 s → 11 s).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          // The device program's tests play against the real server and
          // database, started by the server's test helpers (its run's
          // migrated template database too: made once for both projects).
          name: "box-player",
          root: "apps/box-player",
          include: ["src/**/*.test.ts"],
          environment: "node",
          globalSetup: ["../server/src/test/global-setup.ts"],
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      "apps/web/vitest.config.ts",
    ],
  },
});
