import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { LIBRARY, TOKENS } from "@fonika/shared";
import { z } from "zod";

/**
 * The only reader of process.env. Every setting of CONTRACT.md's table, with
 * its safe default, validated at start: a bad value stops the process with a
 * message naming the variable.
 */

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === "" ? undefined : value))
    .refine(
      (value) => value === undefined || protocols.some((protocol) => value.startsWith(protocol)),
      { message: `must start with ${protocols.join(" or ")}` },
    )
    .refine((value) => value === undefined || URL.canParse(value), { message: "is not a URL" });

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: optionalUrl(["postgres://", "postgresql://"]),
  REDIS_URL: optionalUrl(["redis://", "rediss://"]),
  SMTP_URL: optionalUrl(["smtp://", "smtps://"]),
  MAIL_FROM: z.string().min(3).default("noreply@localhost"),
  SMS_GATEWAY_URL: optionalUrl(["http://", "https://"]),
  JWT_SECRET: z
    .string()
    .optional()
    .refine((value) => value === undefined || value === "" || value.length >= 32, {
      message: "must be at least 32 characters",
    }),
  ADMIN_EMAIL: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value.toLowerCase() : undefined))
    .pipe(z.email().optional()),
  PUBLIC_URL: z.url().optional(),
  AMO_WEBHOOK_URL: optionalUrl(["http://", "https://"]),
  TRUST_PROXY: z
    .string()
    .trim()
    .optional()
    .refine((value) => !value || /^(true|false|[\d.:a-fA-F/,\s]+|loopback)$/.test(value), {
      message: "must be true, 'loopback' or a list of proxy addresses",
    }),
  SESSION_LIFETIME_DAYS: z.coerce.number().int().min(1).max(365).default(TOKENS.browserSessionDays),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  WEB_DIST: z.string().optional(),
  MAX_UPLOAD_MB: z.coerce.number().positive().max(10_000).default(LIBRARY.defaultMaxUploadMb),
  S3_BUCKET: z.string().trim().optional(),
  S3_ENDPOINT: optionalUrl(["http://", "https://"]),
  S3_REGION: z.string().trim().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().trim().optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().optional(),
  S3_FORCE_PATH_STYLE: z.enum(["true", "false"]).optional(),
  S3_PREFIX: z
    .string()
    .trim()
    .regex(/^[\w\-./]*$/, "letters, digits, - _ . / only")
    .default(""),
  LOUDNESS_WORKER: z.enum(["on", "off"]).default("on"),
  SOCKET_SESSION_CHECK_SECONDS: z.coerce.number().int().min(1).max(60).default(30),
  METRICS_TOKEN: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === "" ? undefined : value))
    .refine((value) => value === undefined || /^[\x21-\x7e]{32,}$/.test(value), {
      message: "must be at least 32 printable characters without spaces",
    }),
});

/** Object storage of the library's files, when S3_BUCKET is set. */
export interface S3Config {
  bucket: string;
  /** An S3-compatible endpoint (MinIO, Yandex Object Storage…); unset: AWS. */
  endpoint: string | undefined;
  region: string;
  /** Unset: the AWS SDK's own credential chain (instance role, env, files). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Bucket in the path (most S3-compatible servers) rather than the host name. */
  forcePathStyle: boolean;
  /** Prefix of every key, so that several deployments can share a bucket. */
  prefix: string;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  smsGatewayUrl: string | undefined;
  jwtSecret: string;
  adminEmail: string | undefined;
  publicUrl: string;
  amoWebhookUrl: string | undefined;
  logLevel: z.infer<typeof envSchema>["LOG_LEVEL"];
  /** Absolute lifetime of a browser session, in days; rotation does not extend it. */
  sessionLifetimeDays: number;
  /**
   * Which proxies may set X-Forwarded-For (per-IP limits read the client
   * address from it). Off by default: a direct client cannot fake its IP.
   */
  trustProxy: boolean | string;
  /** The built web app served as the SPA; absent folder: API only. */
  webDist: string;
  /** Largest audio upload, bytes (MAX_UPLOAD_MB). */
  maxUploadBytes: number;
  /** Set: files live in this bucket; unset: under DATA_DIR/files. */
  s3: S3Config | undefined;
  /** This process measures the loudness of pending songs (LOUDNESS_WORKER, default on). */
  loudnessWorker: boolean;
  /**
   * How often an open socket's session is read again from the database
   * (SOCKET_SESSION_CHECK_SECONDS, at most a minute), so that a revocation
   * whose bus message was lost still closes it.
   */
  socketSessionCheckMs: number;
  /**
   * The bearer token Prometheus sends to GET /metrics (METRICS_TOKEN);
   * unset: there is no metrics endpoint (404).
   */
  metricsToken: string | undefined;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

const here = path.dirname(fileURLToPath(import.meta.url));
const defaultWebDist = path.resolve(here, "../../web/dist");

/**
 * Reads and validates the configuration. Creates DATA_DIR and, when
 * JWT_SECRET is unset, generates the signing key once and keeps it there.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  ${issue.path.join(".") || "environment"}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const values = parsed.data;
  // npm runs workspace scripts inside the workspace; relative paths mean
  // where the person typed the command (`npm start` at the root → ./data).
  const base = env.INIT_CWD ?? process.cwd();
  const dataDir = path.resolve(base, values.DATA_DIR);
  // The server's alone, as PostgreSQL's data directory (lib/private-data-dir.ts).
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  return {
    port: values.PORT,
    host: values.HOST,
    dataDir,
    databaseUrl: values.DATABASE_URL,
    redisUrl: values.REDIS_URL,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    smsGatewayUrl: values.SMS_GATEWAY_URL,
    jwtSecret: values.JWT_SECRET || readOrCreateSecret(dataDir),
    adminEmail: values.ADMIN_EMAIL,
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/$/, ""),
    amoWebhookUrl: values.AMO_WEBHOOK_URL,
    logLevel: values.LOG_LEVEL,
    sessionLifetimeDays: values.SESSION_LIFETIME_DAYS,
    trustProxy: parseTrustProxy(values.TRUST_PROXY),
    webDist: values.WEB_DIST ? path.resolve(base, values.WEB_DIST) : defaultWebDist,
    maxUploadBytes: Math.round(values.MAX_UPLOAD_MB * 1024 * 1024),
    s3: s3Config(values),
    loudnessWorker: values.LOUDNESS_WORKER === "on",
    socketSessionCheckMs: values.SOCKET_SESSION_CHECK_SECONDS * 1000,
    metricsToken: values.METRICS_TOKEN,
  };
}

function s3Config(values: z.infer<typeof envSchema>): S3Config | undefined {
  if (!values.S3_BUCKET) return undefined;
  const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = values;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new ConfigError(
      "Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together",
    );
  }
  return {
    bucket: values.S3_BUCKET,
    endpoint: values.S3_ENDPOINT,
    region: values.S3_REGION,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    // A custom endpoint is nearly always path-style; AWS itself is not.
    forcePathStyle: values.S3_FORCE_PATH_STYLE
      ? values.S3_FORCE_PATH_STYLE === "true"
      : Boolean(values.S3_ENDPOINT),
    prefix: values.S3_PREFIX.replace(/^\/+/, ""),
  };
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "jwt-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

function parseTrustProxy(value: string | undefined): boolean | string {
  if (!value || value === "false") return false;
  if (value === "true") return true;
  return value === "loopback" ? "127.0.0.1,::1" : value;
}
