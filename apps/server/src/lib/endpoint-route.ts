import {
  API_BASE,
  acceptsRole,
  acceptsSession,
  type Endpoint,
  errorBodySchema,
} from "@fonika/shared";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import type { Actor } from "../kernel/actor.ts";
import { bearerToken } from "../plugins/auth.ts";
import { operationIdOf } from "../plugins/openapi.ts";
import type { UploadLimit, UploadSource } from "../storage/upload.ts";
import { errors } from "./app-error.ts";

/** What a handler gets: validated input and, on bearer calls, the actor. */
export interface EndpointContext<P, Q, B, A> {
  params: P;
  query: Q;
  body: B;
  actor: A;
  /**
   * On `upload` calls: spools the multipart `file`. Services call it after
   * their permission checks, so that a refused caller uploads nothing.
   */
  upload: UploadSource;
  request: FastifyRequest;
  reply: FastifyReply;
}

type Output<T> = [NonNullable<T>] extends [z.ZodType] ? z.output<NonNullable<T>> : undefined;

/**
 * Registers a shared endpoint as a Fastify route: params, query and body are
 * validated by its schemas, the answer is serialized through its response
 * schema (fields outside it never leave), bearer calls resolve the actor
 * and check its session kind and role before any of that (403 before 400),
 * and the route lands in the OpenAPI document.
 */
export function registerEndpoint<
  P extends z.ZodType,
  Q extends z.ZodType,
  B extends z.ZodType,
  R extends z.ZodType,
  E extends Endpoint<P, Q, B, R>,
>(
  app: FastifyInstance,
  endpoint: E,
  handler: (
    context: EndpointContext<
      Output<E["params"]>,
      Output<E["query"]>,
      Output<E["body"]>,
      E["auth"] extends "bearer" ? Actor : null
    >,
  ) => Promise<[z.input<E["response"]>] extends [never] ? FastifyReply : z.input<E["response"]>>,
  options: { rateLimit?: { max: number; timeWindow: string } } = {},
): void {
  const successStatus = endpoint.successStatus ?? 200;
  app.route({
    method: endpoint.method,
    url: `${API_BASE}${endpoint.path}`,
    schema: {
      operationId: operationIdOf(endpoint),
      summary: endpoint.summary,
      tags: [...endpoint.tags],
      // A public call says so (`[]`), so that clients know to send no token.
      security: endpoint.auth === "bearer" ? [{ bearerAuth: [] }] : [],
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: {
        // A download streams the file itself (storage/send-file.ts).
        ...(endpoint.download ? {} : { [successStatus]: endpoint.response }),
        "4xx": errorBodySchema,
        "5xx": errorBodySchema,
      },
    },
    config: {
      ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
      ...(endpoint.upload || endpoint.download
        ? { files: { upload: endpoint.upload, download: endpoint.download } }
        : {}),
    },
    // Who calls, and whether their role may make this call at all, is
    // settled before the input is validated: a refused caller hears 401 or
    // 403, never a 400 that describes the schema.
    preValidation: async (request) => {
      request.actor = endpoint.auth === "bearer" ? await admit(app, endpoint, request) : null;
      assertNoNul(request);
    },
    handler: async (request, reply) => {
      const actor = request.actor;
      const result = await handler({
        params: request.params,
        query: request.query,
        body: request.body,
        actor,
        upload: (limit: UploadLimit) => {
          if (!endpoint.upload) throw new Error(`${endpoint.path} is not an upload call`);
          return app.storage.receive(request, limit);
        },
        request,
        reply,
      } as never);
      if (endpoint.download) return result;
      return reply.code(successStatus).send(result);
    },
  });
}

/**
 * The actor of a bearer call: a valid token of a session kind the endpoint
 * accepts, whose active role is among the endpoint's `roles` when it names
 * them. Throws 401 or 403.
 */
async function admit(app: FastifyInstance, endpoint: Endpoint, request: FastifyRequest) {
  const actor = await app.authenticateToken(
    bearerToken(request) ?? (endpoint.tokenInQuery ? queryToken(request) : undefined),
  );
  // The same rule as shared's `admits`, which the policies guard by; here
  // each half answers with its own refusal.
  if (!acceptsSession(endpoint, actor.sessionKind)) throw errors.deviceSessionForbidden();
  if (!acceptsRole(endpoint, actor.role)) {
    throw errors.forbidden(`Only ${endpoint.roles?.join(", ")} may make this call`);
  }
  return actor;
}

/**
 * Refuses text holding a NUL character anywhere in the params, query or
 * body, keys included, before any schema sees it: PostgreSQL cannot store
 * it (the call would fail as a 500) and no person types one.
 */
function assertNoNul(request: FastifyRequest): void {
  for (const [where, value] of [
    ["params", request.params],
    ["query", request.query],
    ["body", request.body],
  ] as const) {
    const found = nulPath(value, where, 0);
    if (found) throw errors.nulInText(found);
  }
}

/** Deepest nesting looked into; the contracts' inputs are shallow. */
const MAX_INPUT_DEPTH = 32;

/** Where in the value a NUL stands, as `body.items.0.name`, or null. */
function nulPath(value: unknown, path: string, depth: number): string | null {
  if (typeof value === "string") return value.includes("\u0000") ? path : null;
  if (value === null || typeof value !== "object") return null;
  if (depth >= MAX_INPUT_DEPTH) return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes("\u0000")) return path;
    const found = nulPath(item, `${path}.${key}`, depth + 1);
    if (found) return found;
  }
  return null;
}

function queryToken(request: FastifyRequest): string | undefined {
  const token = (request.query as { access_token?: unknown } | undefined)?.access_token;
  return typeof token === "string" && token ? token : undefined;
}
