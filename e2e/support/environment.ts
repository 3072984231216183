/** Where the browser tests' server runs and writes. */
export const E2E = {
  port: 8181,
  baseUrl: "http://127.0.0.1:8181",
  dataDir: ".test-data/e2e",
  logFile: ".test-data/e2e/server.log",
  /** The bootstrap administrator (ADMIN_EMAIL); signed in once per run, by global-setup.ts. */
  adminEmail: "admin@fonika.test",
  /** That administrator's token pair, kept between global setup and the flows. */
  adminSessionFile: ".test-data/e2e/admin-session.json",
} as const;
