import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

const dataDir = () => mkdtempSync(path.join(tmpdir(), "fonika-config-"));

describe("configuration", () => {
  it("has a safe default for every setting", () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      port: 8080,
      dataDir: dir,
      databaseUrl: undefined,
      redisUrl: undefined,
      smtpUrl: undefined,
      mailFrom: "noreply@localhost",
      publicUrl: "http://localhost:8080",
      metricsToken: undefined,
    });
  });

  it("generates the signing key once and keeps it in DATA_DIR", () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, "jwt-secret"), "utf8").trim()).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first);
  });

  it.each([
    ["PORT", "eighty", "PORT"],
    ["PORT", "70000", "PORT"],
    ["DATABASE_URL", "mysql://localhost/db", "DATABASE_URL"],
    ["REDIS_URL", "http://localhost", "REDIS_URL"],
    ["SMTP_URL", "not a url", "SMTP_URL"],
    ["ADMIN_EMAIL", "not-an-email", "ADMIN_EMAIL"],
    ["JWT_SECRET", "short", "JWT_SECRET"],
    ["LOG_LEVEL", "loud", "LOG_LEVEL"],
    ["METRICS_TOKEN", "short-token", "METRICS_TOKEN"],
    ["METRICS_TOKEN", `${"x".repeat(20)} ${"y".repeat(20)}`, "METRICS_TOKEN"],
  ])("refuses %s=%s with a message naming it", (name, value, named) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), [name]: value })).toThrow(named);
  });

  it("reads a relative DATA_DIR from where npm was started, not the workspace", () => {
    const root = dataDir();
    expect(loadConfig({ DATA_DIR: "./data", INIT_CWD: root }).dataDir).toBe(
      path.join(root, "data"),
    );
  });

  it("lower-cases ADMIN_EMAIL", () => {
    expect(loadConfig({ DATA_DIR: dataDir(), ADMIN_EMAIL: "Boss@Example.COM" }).adminEmail).toBe(
      "boss@example.com",
    );
  });

  it("reads METRICS_TOKEN, and an empty one as unset", () => {
    const token = "m".repeat(40);
    expect(loadConfig({ DATA_DIR: dataDir(), METRICS_TOKEN: token }).metricsToken).toBe(token);
    expect(loadConfig({ DATA_DIR: dataDir(), METRICS_TOKEN: "" }).metricsToken).toBeUndefined();
  });
});
