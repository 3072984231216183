import {
  type Endpoint,
  type EndpointBody,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResponse,
  endpointPath,
} from "@fonika/shared";
import { CLIENT_ERRORS } from "./error-messages.ts";

/**
 * The one HTTP client of the web app. Calls are typed by the shared endpoint
 * contracts; errors surface as `ApiError` carrying CONTRACT.md's `{type, reason}`.
 */

export class ApiError extends Error {
  readonly status: number;
  readonly type: string;
  readonly reason: string;

  constructor(status: number, type: string, reason: string, message = reason) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.type = type;
    this.reason = reason;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type Present<Key extends string, Value> = [Value] extends [never]
  ? { [K in Key]?: never }
  : { [K in Key]: Value };

/** What a call needs besides the endpoint: only the parts its contract declares. */
export type CallInput<E extends Endpoint> = Present<"params", EndpointParams<E>> &
  Present<"query", EndpointQuery<E>> &
  Present<"body", EndpointBody<E>> & {
    signal?: AbortSignal;
    /** Use this token instead of the current one (e.g. right after sign-in). */
    accessToken?: string;
  };

export interface ApiClientOptions {
  baseUrl: string;
  getAccessToken: () => string | null;
  /** Called for every answer of status 500 and above (SPEC.md §8). */
  onServerError: (error: ApiError) => void;
  fetch?: typeof fetch;
}

export interface ApiClient {
  call<E extends Endpoint>(endpoint: E, input?: CallInput<E>): Promise<EndpointResponse<E>>;
  /** Requests currently waiting for an answer. */
  inFlight(): number;
  /** Notified whenever the in-flight count changes; returns the unsubscribe. */
  subscribeInFlight(listener: (count: number) => void): () => void;
}

function toQueryString(query: Record<string, unknown> | undefined): string {
  if (!query) return "";
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== "") search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

async function readErrorBody(response: Response): Promise<ApiError> {
  let body: { type?: unknown; reason?: unknown; message?: unknown } = {};
  try {
    body = (await response.json()) as typeof body;
  } catch {
    body = {};
  }
  const type = typeof body.type === "string" ? body.type : `http-${response.status}`;
  const reason =
    typeof body.reason === "string" && body.reason ? body.reason : CLIENT_ERRORS.unknown;
  const message = typeof body.message === "string" && body.message ? body.message : reason;
  return new ApiError(response.status, type, reason, message);
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const listeners = new Set<(count: number) => void>();
  let inFlight = 0;

  const setInFlight = (count: number) => {
    inFlight = count;
    for (const listener of listeners) listener(count);
  };

  async function call<E extends Endpoint>(
    endpoint: E,
    input: CallInput<E> = {} as CallInput<E>,
  ): Promise<EndpointResponse<E>> {
    const { params, query, body, signal, accessToken } = input as {
      params?: Record<string, string | number>;
      query?: Record<string, unknown>;
      body?: unknown;
      signal?: AbortSignal;
      accessToken?: string;
    };
    const headers: Record<string, string> = { Accept: "application/json" };
    if (endpoint.auth === "bearer") {
      const token = accessToken ?? options.getAccessToken();
      // SPEC.md §5: an authenticated call without a token is refused here.
      if (!token) throw new ApiError(401, "unauthorized", CLIENT_ERRORS.notSignedIn);
      headers.Authorization = `Bearer ${token}`;
    }
    if (body !== undefined) headers["Content-Type"] = "application/json";
    const url = `${options.baseUrl}${endpointPath(endpoint.path, params)}${toQueryString(query)}`;

    setInFlight(inFlight + 1);
    try {
      let response: Response;
      try {
        response = await doFetch(url, {
          method: endpoint.method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
          signal,
        });
      } catch (cause) {
        if (signal?.aborted) throw cause;
        throw new ApiError(0, "network-error", CLIENT_ERRORS.network);
      }
      if (!response.ok) {
        const error = await readErrorBody(response);
        if (response.status >= 500) {
          console.error(`${endpoint.method} ${url} answered ${response.status}`, error.message);
          options.onServerError(error);
        }
        throw error;
      }
      if (response.status === 204) return undefined as EndpointResponse<E>;
      const text = await response.text();
      if (!text) return undefined as EndpointResponse<E>;
      try {
        return JSON.parse(text) as EndpointResponse<E>;
      } catch {
        throw new ApiError(response.status, "bad-response", CLIENT_ERRORS.badResponse);
      }
    } finally {
      setInFlight(inFlight - 1);
    }
  }

  return {
    call,
    inFlight: () => inFlight,
    subscribeInFlight(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
