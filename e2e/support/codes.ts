import { readFileSync } from "node:fs";
import { E2E } from "./environment.ts";

/** Codes the server wrote to its log for an address, oldest first. */
export function codesInServerLog(address: string): string[] {
  const codes: string[] = [];
  const text = readFileSync(E2E.logFile, "utf8");
  // Only whole lines: the server may be writing the last one as it is read.
  const whole = text.slice(0, text.lastIndexOf("\n") + 1);
  for (const line of whole.split("\n")) {
    if (!line.includes(address)) continue;
    const entry = JSON.parse(line) as { msg?: string };
    const match = /\b(\d{6})\b/.exec(entry.msg ?? "");
    if (match?.[1]) codes.push(match[1]);
  }
  return codes;
}

/**
 * Waits for a sign-in code newer than the `seen` ones to appear in the
 * server log — where a newcomer without SMTP finds it too (README).
 */
export async function nextCodeFromServerLog(
  address: string,
  seen: number,
  timeoutMs = 10_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const codes = codesInServerLog(address);
    const newest = codes[codes.length - 1];
    if (codes.length > seen && newest) return newest;
    // The code is written as the request is answered: a short poll finds it
    // within a few milliseconds of that (a flow signs in some 150 times a run).
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`No new sign-in code in ${E2E.logFile} for ${address}`);
}
