import type { Role } from "./roles.ts";
import { z } from "./zod.ts";

/**
 * One API call, defined once: the server registers it (validating params,
 * query and body, serializing the response through `response`), the web
 * client calls it, and the OpenAPI document is generated from it.
 * `path` is relative to /api/v1 and uses `:param` segments.
 */
export interface Endpoint<
  Params extends z.ZodType = z.ZodType,
  Query extends z.ZodType = z.ZodType,
  Body extends z.ZodType = z.ZodType,
  Response extends z.ZodType = z.ZodType,
> {
  readonly method: "GET" | "POST" | "DELETE";
  readonly path: string;
  readonly summary: string;
  readonly tags: readonly string[];
  /** `public`: no token; `bearer`: an access token is required. */
  readonly auth: "public" | "bearer";
  /**
   * Which sessions' tokens a bearer call accepts. By default only a person's
   * browser session: a player device (second-device sign-in) holds none of
   * its owner's powers unless a call names it here.
   */
  readonly sessions?: readonly SessionKind[];
  /**
   * The only active roles that may ever make a bearer call: any other
   * caller is refused with 403 before its input is validated, so that a
   * refusal never teaches the schema. The service's policy still decides
   * ownership and finer rules; unset, every role reaches the policy.
   */
  readonly roles?: readonly Role[];
  readonly params?: Params;
  readonly query?: Query;
  readonly body?: Body;
  readonly response: Response;
  /** Status of a successful answer (default 200). */
  readonly successStatus?: 200 | 201 | 202 | 204;
  /**
   * The request is `multipart/form-data` with one file in the field `file`
   * (CONTRACT.md); `accept` names the media types it may be, for readers.
   */
  readonly upload?: { readonly accept: readonly string[] };
  /**
   * The answer is a stored file, streamed with HTTP Range, ETag and
   * Content-Type (CONTRACT.md Audio); `response` then describes nothing sent.
   */
  readonly download?: { readonly mediaTypes: readonly string[] };
  /**
   * The access token may also come as the `access_token` query parameter,
   * so that `<audio src>` and `<img src>` can load the file.
   */
  readonly tokenInQuery?: boolean;
}

/** A person signed in in a browser, or a player device approved by its owner. */
export type SessionKind = "browser" | "device";

/**
 * Keeps the literal `auth` of a definition in its type, so that the server
 * hands bearer handlers a non-null actor.
 */
export function defineEndpoint<
  Params extends z.ZodType = z.ZodNever,
  Query extends z.ZodType = z.ZodNever,
  Body extends z.ZodType = z.ZodNever,
  Response extends z.ZodType = z.ZodType,
  const Auth extends "public" | "bearer" = "public" | "bearer",
>(
  endpoint: Endpoint<Params, Query, Body, Response> & { readonly auth: Auth },
): Endpoint<Params, Query, Body, Response> & { readonly auth: Auth } {
  return endpoint;
}

export type EndpointParams<E> =
  E extends Endpoint<infer P, z.ZodType, z.ZodType, z.ZodType> ? z.input<P> : never;
export type EndpointQuery<E> =
  E extends Endpoint<z.ZodType, infer Q, z.ZodType, z.ZodType> ? z.input<Q> : never;
export type EndpointBody<E> =
  E extends Endpoint<z.ZodType, z.ZodType, infer B, z.ZodType> ? z.input<B> : never;
export type EndpointResponse<E> =
  E extends Endpoint<z.ZodType, z.ZodType, z.ZodType, infer R> ? z.output<R> : never;

/** Fills `:param` segments of an endpoint path. */
export function endpointPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Path ${path} needs the parameter "${key}"`);
    return encodeURIComponent(String(value));
  });
}

/** CONTRACT.md paged list answer. */
export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    total: z.number().int().nonnegative(),
    totalPages: z.number().int().nonnegative(),
  });
}

export const uuidSchema = z.uuid();

/** The answer schema of a download endpoint: the file itself, never JSON. */
export const fileSchema = z.never().meta({ description: "The file's bytes" });

/** The query of a call whose token may come in the URL (`tokenInQuery`). */
export const accessTokenQuery = { access_token: z.string().max(4096).optional() };
export const okSchema = z.object({ ok: z.literal(true) });

/**
 * What every stored-file answer has in common: a bearer GET streamed as a
 * file of these media types, whose token may come as `access_token` (for
 * `<audio src>`, `<img src>` and download links).
 */
export function fileAnswer(mediaTypes: readonly string[]) {
  return {
    method: "GET",
    auth: "bearer",
    tokenInQuery: true,
    query: z.object(accessTokenQuery),
    download: { mediaTypes: [...mediaTypes] },
    response: fileSchema,
  } as const;
}
