import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, chromiumExecutablePath } from "./e2e/support/chromium.ts";
import { E2E } from "./e2e/support/environment.ts";

/**
 * Browser flows in Chromium (Debian's when installed, else the one npm
 * installs: e2e/support/chromium.ts) against the real product: the web app
 * is built and served by the server on a fresh DATA_DIR, exactly as
 * `npm start` does; the server log is kept where the tests read sign-in
 * codes. The bootstrap administrator signs in once, in global setup.
 */
/**
 * The flows that take 10 s or more on this 2-core machine (a whole run's
 * timings: remote-play-song 28 s, catalog-licences and the soak 26 s,
 * first-music 15 s, the others 10–12 s, or files of several flows),
 * queued before the rest, so that the two workers end together on short
 * flows before the network-cut flows begin.
 */
const LONG_FLOWS =
  /(remote-play-song|web-player-soak|catalog-licences|first-music|narrow-screens|device-sign-in|library|phone-remote|take-over|venue-licence|pair-from-player|web-player)\.spec\.ts/;

export default defineConfig({
  testDir: "e2e",
  globalSetup: "./e2e/support/global-setup.ts",
  fullyParallel: true,
  workers: 2,
  // On CI a browser flow that fails is run once more; one that then passes
  // counts, and `npm test` names it with why it failed first (docs/decisions.md).
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json"]],
  use: {
    baseURL: E2E.baseUrl,
    locale: "ru-RU",
    timezoneId: "Europe/Moscow",
    // A trace is recorded only on CI's retry of a flow that failed: recording
    // every flow (DOM snapshots and screencast at each action) was a third of
    // the browser flows' time (4.4 min against 3.2). A local run that fails
    // keeps its screenshot; `npx playwright test --trace on` records traces.
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: await chromiumExecutablePath(),
      args: CHROMIUM_ARGS,
    },
  },
  // Two workers share the machine; the flows that time playback through a
  // network cut listen by the clock and run after the others (another flow
  // beside one once starved its audio), two at a time: they mostly listen,
  // each about half a core. `--no-deps` runs them by themselves.
  // The flows of 14 s or more go first (`chromium-long`: a project's flows are
  // queued before the next project's), so that the two workers end together
  // on short flows rather than one of them on a 30 s flow begun last.
  projects: [
    {
      name: "chromium-long",
      testMatch: LONG_FLOWS,
      use: { ...devices["Desktop Chrome"], channel: undefined },
    },
    {
      name: "chromium",
      testIgnore: [LONG_FLOWS, /web-player-outage\.spec\.ts/, /soak\//],
      use: { ...devices["Desktop Chrome"], channel: undefined },
    },
    // The hour offline (`npm run soak:outage`): an hour of real time, so never part of `npm test`.
    ...(process.env.FONIKA_SOAK
      ? [
          {
            name: "soak",
            testMatch: /soak\/.*\.spec\.ts/,
            use: { ...devices["Desktop Chrome"], channel: undefined },
          },
        ]
      : []),
    {
      name: "chromium-alone",
      testMatch: /web-player-outage\.spec\.ts/,
      dependencies: ["chromium-long", "chromium"],
      fullyParallel: true,
      use: { ...devices["Desktop Chrome"], channel: undefined },
    },
  ],
  webServer: {
    command: `rm -rf ${E2E.dataDir} && mkdir -p ${E2E.dataDir} && npm start > ${E2E.logFile} 2>&1`,
    url: `${E2E.baseUrl}/api/v1/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: {
      PORT: String(E2E.port),
      HOST: "127.0.0.1",
      DATA_DIR: E2E.dataDir,
      ADMIN_EMAIL: E2E.adminEmail,
      PUBLIC_URL: E2E.baseUrl,
      // accounts.ts makes each flow's account from an address of its own
      // (X-Forwarded-For), so the browser keeps the per-IP code budget.
      TRUST_PROXY: "loopback",
      LOG_LEVEL: "info",
    },
  },
});
