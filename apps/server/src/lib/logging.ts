import type { FastifyRequest } from "fastify";
import type { LoggerOptions } from "pino";
import type { Config } from "../config.ts";

/** Query parameters that carry credentials and never reach a log line. */
const SECRET_PARAMETERS = ["access_token", "token", "refreshToken"];

/** One character as typed or percent-encoded (`_` or `%5F`, any case). */
function spelledAnyway(character: string): string {
  const hex = character.charCodeAt(0).toString(16).padStart(2, "0");
  const literal = character.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return `(?:${literal}|%${hex})`;
}

/**
 * A secret parameter in a URL or query string, however it is spelled: in
 * any case, with any of its characters percent-encoded, its `=` too, after
 * `?`, `&` or `;` (or their encodings, in a URL inside a URL) or at the
 * start of a query string. The value runs to the next separator (a
 * backslash too: in a JSON line a quote is escaped).
 */
const SECRET_IN_URL = new RegExp(
  `((?:^|[?&;]|%3F|%26)(?:${SECRET_PARAMETERS.map((name) =>
    [...name].map(spelledAnyway).join(""),
  ).join("|")})(?:=|%3D))[^&#;\\s"'<>\\\\]*`,
  "gi",
);

/** The text with the value of every credential in a URL replaced by `[redacted]`. */
export function redactTokens(text: string): string {
  return text.replace(SECRET_IN_URL, "$1[redacted]");
}

/**
 * Pino options of the server log. No pid in the base fields: a code line
 * must hold the code as its only 6-digit number (CONTRACT.md). Tokens in
 * URLs (the socket's and files' `access_token`) never reach it: every line
 * is scrubbed as it is written, whatever field, message or error holds
 * the URL.
 */
export function loggerOptions(config: Pick<Config, "logLevel">): LoggerOptions {
  return {
    level: config.logLevel,
    base: undefined,
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: request.url,
        remoteAddress: request.ip,
      }),
    },
    hooks: { streamWrite: redactTokens },
  };
}
