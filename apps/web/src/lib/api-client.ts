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

/** How far an upload has gone: bytes of the request body sent so far, of all. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

/** What an upload needs: the endpoint's params and query, and the one file it sends. */
export type UploadInput<E extends Endpoint> = Present<"params", EndpointParams<E>> &
  Present<"query", EndpointQuery<E>> & {
    /** Sent as the multipart field `file` (CONTRACT.md HTTP conventions). */
    file: Blob;
    /** The file name the server reads; a File's own name by default. */
    fileName?: string;
    /** Called as the request body goes out (XMLHttpRequest `upload.onprogress`). */
    onProgress?: (progress: UploadProgress) => void;
    signal?: AbortSignal;
    accessToken?: string;
  };

/** Where a `download` endpoint's file is: its params and query (the token is added). */
export type FileUrlInput<E extends Endpoint> = Present<"params", EndpointParams<E>> & {
  query?: Omit<EndpointQuery<E>, "access_token">;
};

export interface ApiClientOptions {
  baseUrl: string;
  getAccessToken: () => string | null;
  /** Called for every answer of status 500 and above (SPEC.md §8). */
  onServerError: (error: ApiError) => void;
  fetch?: typeof fetch;
  /** Makes the request of an upload; fetch cannot report upload progress. */
  createXhr?: () => XMLHttpRequest;
}

export interface ApiClient {
  call<E extends Endpoint>(endpoint: E, input?: CallInput<E>): Promise<EndpointResponse<E>>;
  /**
   * Sends one file to an `upload` endpoint as multipart/form-data (field
   * `file`), reporting progress; authenticated, counted and failing like
   * `call`. Rejects with the signal's reason when aborted.
   */
  upload<E extends Endpoint>(endpoint: E, input: UploadInput<E>): Promise<EndpointResponse<E>>;
  /**
   * The URL of a `download` endpoint's file with the current access token in
   * `access_token`, for `<audio src>` and `<img src>`. The token changes with
   * every refresh (50 s): take a fresh URL for each new load, and keep the
   * one an element is playing. Throws ApiError 401 while signed out.
   */
  fileUrl<E extends Endpoint>(endpoint: E, input: FileUrlInput<E>): string;
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

/** CONTRACT.md's error body of an answer's text, as an ApiError of its status. */
function errorOfText(status: number, text: string): ApiError {
  let body: { type?: unknown; reason?: unknown; message?: unknown } = {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === "object") body = parsed as typeof body;
  } catch {
    body = {};
  }
  const type = typeof body.type === "string" ? body.type : `http-${status}`;
  const reason =
    typeof body.reason === "string" && body.reason ? body.reason : CLIENT_ERRORS.unknown;
  const message = typeof body.message === "string" && body.message ? body.message : reason;
  return new ApiError(status, type, reason, message);
}

async function readErrorBody(response: Response): Promise<ApiError> {
  let text = "";
  try {
    text = await response.text();
  } catch {
    text = "";
  }
  return errorOfText(response.status, text);
}

/** A success answer's JSON (undefined for an empty one). */
function parseSuccess<T>(status: number, text: string): T {
  if (status === 204 || !text) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ApiError(status, "bad-response", CLIENT_ERRORS.badResponse);
  }
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException("The upload was aborted", "AbortError");
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const listeners = new Set<(count: number) => void>();
  let inFlight = 0;

  const setInFlight = (count: number) => {
    inFlight = count;
    for (const listener of listeners) listener(count);
  };

  /** The Authorization header of a call, or none for a public one. */
  function authHeaders(endpoint: Endpoint, accessToken?: string): Record<string, string> {
    if (endpoint.auth !== "bearer") return {};
    const token = accessToken ?? options.getAccessToken();
    // SPEC.md §5: an authenticated call without a token is refused here.
    if (!token) throw new ApiError(401, "unauthorized", CLIENT_ERRORS.notSignedIn);
    return { Authorization: `Bearer ${token}` };
  }

  function urlOf(
    endpoint: Endpoint,
    params: Record<string, string | number> | undefined,
    query: Record<string, unknown> | undefined,
  ): string {
    return `${options.baseUrl}${endpointPath(endpoint.path, params)}${toQueryString(query)}`;
  }

  /** Logs and reports an answer of 500 or above (SPEC.md §8). */
  function reportServerError(endpoint: Endpoint, url: string, error: ApiError): void {
    if (error.status < 500) return;
    console.error(`${endpoint.method} ${url} answered ${error.status}`, error.message);
    options.onServerError(error);
  }

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
    const headers: Record<string, string> = {
      Accept: "application/json",
      ...authHeaders(endpoint, accessToken),
    };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    const url = urlOf(endpoint, params, query);

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
        reportServerError(endpoint, url, error);
        throw error;
      }
      if (response.status === 204) return undefined as EndpointResponse<E>;
      return parseSuccess<EndpointResponse<E>>(response.status, await response.text());
    } finally {
      setInFlight(inFlight - 1);
    }
  }

  async function upload<E extends Endpoint>(
    endpoint: E,
    input: UploadInput<E>,
  ): Promise<EndpointResponse<E>> {
    const { params, query, file, fileName, onProgress, signal, accessToken } = input as {
      params?: Record<string, string | number>;
      query?: Record<string, unknown>;
      file: Blob;
      fileName?: string;
      onProgress?: (progress: UploadProgress) => void;
      signal?: AbortSignal;
      accessToken?: string;
    };
    if (!endpoint.upload) {
      throw new Error(`${endpoint.method} ${endpoint.path} takes no file upload`);
    }
    const headers: Record<string, string> = {
      Accept: "application/json",
      ...authHeaders(endpoint, accessToken),
    };
    if (signal?.aborted) throw abortReason(signal);
    const url = urlOf(endpoint, params, query);
    const form = new FormData();
    const name = fileName ?? (file instanceof File ? file.name : "file");
    form.append("file", file, name);

    const createXhr = options.createXhr ?? (() => new XMLHttpRequest());
    const xhr = createXhr();
    setInFlight(inFlight + 1);
    try {
      const { status, text } = await new Promise<{ status: number; text: string }>(
        (resolve, reject) => {
          const handleAbort = () => xhr.abort();
          xhr.open(endpoint.method, url);
          for (const [header, value] of Object.entries(headers)) {
            xhr.setRequestHeader(header, value);
          }
          xhr.upload.onprogress = (event) => {
            onProgress?.({
              loaded: event.loaded,
              total: event.lengthComputable ? event.total : file.size,
            });
          };
          xhr.onload = () => {
            signal?.removeEventListener("abort", handleAbort);
            resolve({ status: xhr.status, text: xhr.responseText });
          };
          xhr.onerror = () => {
            signal?.removeEventListener("abort", handleAbort);
            reject(new ApiError(0, "network-error", CLIENT_ERRORS.network));
          };
          xhr.onabort = () => {
            signal?.removeEventListener("abort", handleAbort);
            reject(signal ? abortReason(signal) : new DOMException("Aborted", "AbortError"));
          };
          signal?.addEventListener("abort", handleAbort, { once: true });
          xhr.send(form);
        },
      );
      if (status < 200 || status >= 300) {
        const error = errorOfText(status, text);
        reportServerError(endpoint, url, error);
        throw error;
      }
      return parseSuccess<EndpointResponse<E>>(status, text);
    } finally {
      setInFlight(inFlight - 1);
    }
  }

  function fileUrl<E extends Endpoint>(endpoint: E, input: FileUrlInput<E>): string {
    const { params, query } = input as {
      params?: Record<string, string | number>;
      query?: Record<string, unknown>;
    };
    if (!endpoint.download || !endpoint.tokenInQuery) {
      throw new Error(
        `${endpoint.method} ${endpoint.path} is not a file a URL may carry a token to`,
      );
    }
    const token = options.getAccessToken();
    if (!token) throw new ApiError(401, "unauthorized", CLIENT_ERRORS.notSignedIn);
    return urlOf(endpoint, params, { ...query, access_token: token });
  }

  return {
    call,
    upload,
    fileUrl,
    inFlight: () => inFlight,
    subscribeInFlight(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
