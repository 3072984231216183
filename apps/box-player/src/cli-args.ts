import { parseArgs } from "node:util";
import { isFirmwareVersion } from "@fonika/shared";
import type { BoxPlayerOptions } from "./box-player.ts";

export const BOX_PLAYER_USAGE =
  "usage: npm run box-player -- --server URL [--serial S] [--state-file F] [--speed N] [--public-url URL] [--firmware-version X.Y.Z] [--updates-dir D] [--data-dir D] [--cache-mb N]";

/** What the command line asks for: options to start with, help, or why it cannot start. */
export type BoxPlayerArgs =
  | { kind: "start"; options: BoxPlayerOptions }
  | { kind: "help" }
  | { kind: "invalid"; reason: string };

/** Reads `npm run box-player -- …`; `env` gives PUBLIC_URL when --public-url is not given. */
export function readBoxPlayerArgs(
  argv: string[],
  env: Record<string, string | undefined> = {},
): BoxPlayerArgs {
  let values: ReturnType<typeof parse>["values"];
  try {
    values = parse(argv).values;
  } catch (error) {
    return { kind: "invalid", reason: error instanceof Error ? error.message : String(error) };
  }
  if (values.help) return { kind: "help" };
  if (!values.server) return { kind: "invalid", reason: "--server is required" };
  if (!isHttpUrl(values.server)) {
    return { kind: "invalid", reason: "--server must be an http(s) address" };
  }
  const publicUrl = values["public-url"] ?? env.PUBLIC_URL;
  if (publicUrl !== undefined && !isHttpUrl(publicUrl)) {
    return { kind: "invalid", reason: "--public-url must be an http(s) address" };
  }
  const speed = values.speed === undefined ? 1 : Number(values.speed);
  if (!Number.isFinite(speed) || speed <= 0) {
    return { kind: "invalid", reason: "--speed must be a positive number" };
  }
  const cacheMb = values["cache-mb"] === undefined ? undefined : Number(values["cache-mb"]);
  if (cacheMb !== undefined && !(Number.isInteger(cacheMb) && cacheMb >= 16)) {
    return { kind: "invalid", reason: "--cache-mb must be a whole number of MB, 16 or more" };
  }
  const version = values["firmware-version"];
  if (version !== undefined && !isFirmwareVersion(version)) {
    return { kind: "invalid", reason: "--firmware-version must be like 1.4.2 or 1.4.2-beta.1" };
  }
  return {
    kind: "start",
    options: {
      server: values.server,
      serial: values.serial,
      stateFile: values["state-file"],
      speed,
      publicUrl,
      version,
      updatesDir: values["updates-dir"],
      dataDir: values["data-dir"],
      cacheMb,
    },
  };
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    options: {
      server: { type: "string" },
      serial: { type: "string" },
      "state-file": { type: "string" },
      speed: { type: "string" },
      "public-url": { type: "string" },
      "firmware-version": { type: "string" },
      "updates-dir": { type: "string" },
      "data-dir": { type: "string" },
      "cache-mb": { type: "string" },
      help: { type: "boolean" },
    },
  });
}

function isHttpUrl(value: string): boolean {
  try {
    return ["http:", "https:"].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}
