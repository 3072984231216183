import { tmpdir } from "node:os";
import { fileURLToPath } from "node:url";
import { MESSAGES } from "@fonika/shared";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError } from "../lib/app-error.ts";

/**
 * The error model of CONTRACT.md in one place: every failure answers
 * `{type, reason, message}`; an unknown error becomes a logged 500 that
 * carries the request id and nothing of the internals.
 */
/** Zod's own messages are English; ours, written for the user, are Russian. */
const CYRILLIC = /[А-Яа-яЁё]/;

export default fp(async function errorsPlugin(app: FastifyInstance) {
  const hidePaths = serverPathHider([
    app.config.dataDir,
    app.config.webDist,
    process.cwd(),
    tmpdir(),
    fileURLToPath(new URL("../../../..", import.meta.url)),
  ]);
  const send = (
    reply: FastifyReply,
    request: FastifyRequest,
    status: number,
    type: string,
    reason: string,
    message: string,
  ) =>
    reply.code(status).send({
      type,
      reason: hidePaths(reason),
      message: hidePaths(message),
      requestId: request.id,
    });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) {
        reply.header("retry-after", String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
      }
      return send(reply, request, error.status, error.type, error.reason, error.message);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation
        .map(
          (issue) => `${issue.instancePath || error.validationContext || "body"}: ${issue.message}`,
        )
        .join("; ");
      // A check written for people (a wrong INN, a time zone not on the
      // list) speaks Russian: its text is the reason the form shows.
      const forPeople = error.validation.find((issue) => CYRILLIC.test(issue.message ?? ""));
      return send(
        reply,
        request,
        400,
        "validation-error",
        forPeople?.message ?? "Проверьте введённые данные",
        details,
      );
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return send(
        reply,
        request,
        429,
        "rate-limited",
        "Слишком много попыток. Попробуйте позже",
        error.message,
      );
    }
    if (status === 413) {
      return send(
        reply,
        request,
        413,
        "payload-too-large",
        "Слишком большой файл или запрос",
        error.message,
      );
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, …
      return send(reply, request, status, "validation-error", "Некорректный запрос", error.message);
    }
    request.log.error({ err: error, requestId: request.id }, "request failed");
    return send(
      reply,
      request,
      500,
      "internal-error",
      MESSAGES.somethingWentWrong,
      "Internal error",
    );
  });
  // The 404 handler is app.ts's: it also serves the SPA's index.html.
});

/**
 * Replaces the server's own directories (data, web build, working and
 * temporary directories, the installation) in an error text by `…`, so
 * that no answer tells a caller where the server keeps its files.
 */
export function serverPathHider(roots: readonly string[]): (text: string) => string {
  const patterns = [...new Set(roots.map((root) => root.replace(/[\\/]+$/, "")))]
    .filter((root) => root.length > 1)
    .sort((left, right) => right.length - left.length)
    .map((root) => new RegExp(`${escapeRegExp(root)}(?:[\\\\/][^\\s'"\`,;:)]*)?`, "g"));
  return (text) => patterns.reduce((hidden, pattern) => hidden.replace(pattern, "…"), text);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
