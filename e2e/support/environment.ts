/** Where the browser tests' server runs and writes. */
export const E2E = {
  port: 8181,
  baseUrl: "http://127.0.0.1:8181",
  dataDir: ".test-data/e2e",
  logFile: ".test-data/e2e/server.log",
  adminEmail: "admin@fonika.test",
} as const;
