import type { TokenPair } from "@fonika/shared";
import { vi } from "vitest";
import { type ApiClient, createApiClient } from "../lib/api-client.ts";

function base64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** An access token shaped like the server's (the signature is not checked client-side). */
export function buildAccessToken({
  sub = "00000000-0000-4000-8000-000000000001",
  authority = ["role-client"],
  exp = Math.floor(Date.now() / 1000) + 300,
}: {
  sub?: string;
  authority?: string[];
  exp?: number;
} = {}): string {
  return `${base64Url(JSON.stringify({ alg: "HS256", typ: "JWT" }))}.${base64Url(
    JSON.stringify({ sub, authority, exp }),
  )}.signature`;
}

export function buildTokenPair(
  options: Parameters<typeof buildAccessToken>[0] = {},
  refresh = "refresh-1",
): TokenPair {
  return { token: buildAccessToken(options), refreshToken: refresh };
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}

export type FetchHandler = (url: string, init: RequestInit) => Response | Promise<Response>;

/** An API client over a scripted fetch; `onServerError` is a spy. */
export function buildApiClient(
  handler: FetchHandler,
  getAccessToken: () => string | null = () => null,
) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
    handler(String(input), init ?? {}),
  );
  const onServerError = vi.fn();
  const api: ApiClient = createApiClient({
    baseUrl: "/api/v1",
    getAccessToken: () => getAccessToken(),
    onServerError,
    fetch: fetch as unknown as typeof globalThis.fetch,
  });
  return { api, fetch, onServerError };
}

/** A Storage kept in memory. */
export class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}
