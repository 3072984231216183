import * as shared from "@fonika/shared";
import {
  type Endpoint,
  type EndpointBody,
  type EndpointParams,
  type ErrorType,
  errorBodySchema,
} from "@fonika/shared";
import { z } from "zod";

/**
 * Scripted server replies for the web unit tests, built through the shared
 * contracts. Calls are routed by endpoint (method and path pattern of the
 * shared definition), never by hand-written URLs; a reply body the
 * endpoint's `response` schema refuses, an error body `errorBodySchema`
 * refuses, or a call whose params, query or body the endpoint's schemas
 * refuse fails the test, so a contract change breaks the tests instead of
 * letting them drift from what the real server sends.
 */

/** Where the test API client sends its calls; the endpoints' paths are relative to it. */
export const API_BASE_URL = "/api/v1";

/** What a scripted fetch receives: the URL as called and its init. */
export type FetchHandler = (url: string, init: RequestInit) => Response | Promise<Response>;

/** A scripted reply, or a call of the web app, that breaks the shared contract. */
export class ContractBreak extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "ContractBreak";
  }
}

const unreportedFailures: unknown[] = [];

/**
 * The API client turns anything its fetch throws into a network error, so a
 * scripted answer that fails (a contract break, a failed `expect` inside it)
 * would only show as a puzzling screen. The scripted server keeps each such
 * failure here and `throwScriptFailures` (run after every test) fails the
 * test with the first one.
 */
function reportScriptFailure(error: unknown): void {
  unreportedFailures.push(error);
}

/** Throws the first failure of a scripted answer since the last call, forgetting them all. */
export function throwScriptFailures(): void {
  if (unreportedFailures.length === 0) return;
  const [first] = unreportedFailures.splice(0);
  throw first;
}

function describeEndpoint(endpoint: Endpoint): string {
  return `${endpoint.method} ${endpoint.path}`;
}

function parseOrBreak<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
  what: string,
): z.output<Schema> {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new ContractBreak(
      `${what} breaks the shared contract:\n${z.prettifyError(result.error)}`,
      {
        cause: result.error,
      },
    );
  }
  return result.data;
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}

/**
 * The endpoint's success answer with `body`, serialized through the
 * endpoint's `response` schema as the server does (unknown fields dropped).
 * Throws `ContractBreak` when the schema refuses the body, e.g. a required
 * field is missing or renamed.
 */
export function replyWith<E extends Endpoint>(endpoint: E, body: z.input<E["response"]>): Response {
  const status = endpoint.successStatus ?? 200;
  const parsed = parseOrBreak(
    endpoint.response,
    body,
    `The scripted reply of ${describeEndpoint(endpoint)}`,
  );
  return status === 204 ? new Response(null, { status }) : json(status, parsed);
}

/** CONTRACT.md's error body, with `type` one of the shared error types. */
export type ScriptedErrorBody = z.input<typeof errorBodySchema> & { type: ErrorType };

/**
 * An error answer of `status` whose body goes through the shared
 * `errorBodySchema`; throws `ContractBreak` when the schema refuses it.
 */
export function replyError(status: number, body: ScriptedErrorBody): Response {
  if (status < 400)
    throw new RangeError(`An error answer needs a 4xx or 5xx status, not ${status}`);
  return json(status, parseOrBreak(errorBodySchema, body, `The scripted ${status} error body`));
}

/**
 * A reply that bypasses every contract. Only for deliberately malformed
 * answers that test the client's robustness; say why at each use.
 */
export function rawReply(status: number, body: string | null): Response {
  return new Response(body, { status, headers: { "Content-Type": "application/json" } });
}

/** One request as the scripted server saw it, already checked against the endpoint's contract. */
export interface ScriptedRequest<E extends Endpoint> {
  /** The path called, e.g. `/api/v1/auth/role/<id>/change`. */
  path: string;
  params: EndpointParams<E>;
  query: URLSearchParams;
  /** The JSON body as the client sent it (undefined without one). */
  body: EndpointBody<E>;
  /** An upload endpoint's multipart field `file` (undefined for other calls). */
  file: File | undefined;
  /** `replyWith` bound to this endpoint. */
  reply: (body: z.input<E["response"]>) => Response;
}

export type ScriptedAnswer<E extends Endpoint> = (
  request: ScriptedRequest<E>,
) => Response | Promise<Response>;

interface Matched {
  /** Static segments win over `:param` ones, as on the server. */
  paramCount: number;
  answer: () => Response | Promise<Response>;
}

/** An endpoint and how the scripted server answers it. */
export interface ScriptedRoute {
  readonly endpoint: Endpoint;
  match(method: string, url: URL, init: RequestInit): Matched | null;
}

function escapeForPattern(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function pathPattern(path: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = path
    .split(/(:[A-Za-z]+)/)
    .map((part) => {
      if (!part.startsWith(":")) return escapeForPattern(part);
      names.push(part.slice(1));
      return "([^/]+)";
    })
    .join("");
  return { pattern: new RegExp(`^${escapeForPattern(API_BASE_URL)}${source}$`), names };
}

/**
 * The multipart body of an upload: CONTRACT.md sends one file in the field
 * `file`; anything else is a break of the contract.
 */
function readUploadBody(init: RequestInit, what: string): File {
  if (!(init.body instanceof FormData)) {
    throw new ContractBreak(`${what} sends no multipart/form-data body`);
  }
  const fields = [...init.body.keys()];
  const file = init.body.get("file");
  if (!(file instanceof Blob) || fields.length !== 1) {
    throw new ContractBreak(
      `${what} must send exactly one file in the field "file", not ${JSON.stringify(fields)}`,
    );
  }
  return file instanceof File ? file : new File([file], "file");
}

function readJsonBody(init: RequestInit, what: string): unknown {
  if (init.body === undefined || init.body === null) return undefined;
  if (typeof init.body === "string") {
    try {
      return JSON.parse(init.body);
    } catch (error) {
      throw new ContractBreak(`${what} sends a body that is not JSON`, { cause: error });
    }
  }
  throw new ContractBreak(`${what} sends a body that is not JSON text`);
}

/**
 * Answers `endpoint`'s calls (its method and its path pattern from the
 * shared definition) with `answer`. The call's params, query and body must
 * pass the endpoint's schemas, as the server's route would demand; a call
 * that does not is a `ContractBreak` of the web app.
 */
export function on<E extends Endpoint>(endpoint: E, answer: ScriptedAnswer<E>): ScriptedRoute {
  const { pattern, names } = pathPattern(endpoint.path);
  const what = `The web app's call of ${describeEndpoint(endpoint)}`;
  return {
    endpoint,
    match(method, url, init) {
      if (method !== endpoint.method) return null;
      const found = pattern.exec(url.pathname);
      if (!found) return null;
      const params = Object.fromEntries(
        names.map((name, index) => [name, decodeURIComponent(found[index + 1] ?? "")]),
      );
      return {
        paramCount: names.length,
        answer: () => {
          if (endpoint.params) parseOrBreak(endpoint.params, params, `${what} (params)`);
          if (endpoint.query) {
            parseOrBreak(endpoint.query, Object.fromEntries(url.searchParams), `${what} (query)`);
          }
          const file = endpoint.upload ? readUploadBody(init, what) : undefined;
          const body = endpoint.upload ? undefined : readJsonBody(init, what);
          if (endpoint.body) parseOrBreak(endpoint.body, body, `${what} (body)`);
          else if (body !== undefined) {
            throw new ContractBreak(`${what} sends a body its contract has no schema for`);
          }
          return answer({
            path: url.pathname,
            params: params as EndpointParams<E>,
            query: url.searchParams,
            body: body as EndpointBody<E>,
            file,
            reply: (replyBody) => replyWith(endpoint, replyBody),
          });
        },
      };
    },
  };
}

/**
 * Every endpoint path without a parameter, by method (`GET /music/player/alerts`):
 * as on the server, a static path is its own endpoint's, never a value of
 * another's parameter (`GET /music/player/:id`), scripted or not.
 */
const STATIC_PATHS = new Set(
  (Object.values(shared) as unknown[])
    .filter(
      (value): value is Pick<Endpoint, "method" | "path"> =>
        typeof value === "object" &&
        value !== null &&
        "method" in value &&
        "path" in value &&
        typeof value.path === "string",
    )
    .filter((endpoint) => !endpoint.path.includes(":"))
    .map((endpoint) => `${endpoint.method} ${API_BASE_URL}${endpoint.path}`),
);

/**
 * A fetch that routes each call to the route of its endpoint; a call no
 * route matches gets the server's 404 `not-found`. A failing answer is
 * thrown to the caller and also kept for `throwScriptFailures`.
 */
export function scriptedServer(...routes: ScriptedRoute[]): FetchHandler {
  return async (url, init) => {
    const parsed = new URL(url, "http://localhost");
    const method = (init.method ?? "GET").toUpperCase();
    const staticPath = STATIC_PATHS.has(`${method} ${parsed.pathname}`);
    const matches = routes
      .map((route) => route.match(method, parsed, init))
      .filter((match): match is Matched => match !== null)
      .filter((match) => !staticPath || match.paramCount === 0)
      .sort((left, right) => left.paramCount - right.paramCount);
    const [first] = matches;
    if (!first) {
      return replyError(404, {
        type: "not-found",
        reason: "Не найдено",
        message: `${method} ${parsed.pathname} is not scripted`,
      });
    }
    try {
      return await first.answer();
    } catch (error) {
      reportScriptFailure(error);
      throw error;
    }
  };
}
