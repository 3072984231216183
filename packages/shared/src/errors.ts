import { z } from "./zod.ts";

/** Stable error types of CONTRACT.md's error body. */
export const ERROR_TYPES = [
  "validation-error",
  "unauthorized",
  "forbidden",
  "not-found",
  "conflict",
  "payload-too-large",
  "rate-limited",
  "invalid-code",
  "code-expired",
  "code-exhausted",
  "account-deleted",
  "account-blocked",
  "token-reused",
  "duplicate-entry-error",
  "composition-error",
  "internal-error",
  "service-unavailable",
  "unsupported-file",
  "unreadable-file",
  "range-not-satisfiable",
] as const;

export type ErrorType = (typeof ERROR_TYPES)[number];

/** The body of every error answer: `type` for code, `reason` for people. */
export const errorBodySchema = z
  .object({
    type: z.string().describe("Stable kebab-case code"),
    reason: z.string().describe("Russian sentence fit to show a user"),
    message: z.string().describe("Technical detail for developers, never internals"),
    requestId: z.string().optional(),
  })
  .meta({ id: "Error" });

export type ErrorBody = z.infer<typeof errorBodySchema>;
