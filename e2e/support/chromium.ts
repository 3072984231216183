import { existsSync } from "node:fs";

/** Debian's Chromium, when the machine has it (`apt-get install chromium`). */
export const SYSTEM_CHROMIUM = "/usr/bin/chromium";

/**
 * Flags for a headless Chromium on a CI machine or a container: no sandbox
 * (tests run as root there), no GPU, nothing that phones home or updates
 * itself during a run, and `<audio>` may play without a click.
 * @sparticuz/chromium's own `args` are for AWS Lambda (single process,
 * web security off, …) and are deliberately not used.
 */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--autoplay-policy=no-user-gesture-required",
];

/**
 * The Chromium that browser tests and the web bench drive: the system one
 * when present (kept up to date by the distribution), else the headless
 * Chromium that the `@sparticuz/chromium` npm package ships, so that
 * `npm ci` alone is enough. The package inflates its binary into the
 * temporary folder on first use (a few seconds) and reuses it after.
 */
export async function chromiumExecutablePath(): Promise<string> {
  if (existsSync(SYSTEM_CHROMIUM)) return SYSTEM_CHROMIUM;
  const { default: chromium } = await import("@sparticuz/chromium");
  return chromium.executablePath();
}
