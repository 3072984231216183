import { type accountsApi, type authApi, PAGING } from "@fonika/shared";
import { vi } from "vitest";
import type { z } from "zod";
import { type ApiClient, createApiClient } from "../lib/api-client.ts";
import { API_BASE_URL, type FetchHandler } from "./scripted-server.ts";
import { type ScriptedXhrOptions, scriptedXhr } from "./scripted-xhr.ts";

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

type TokenPairBody = z.input<typeof authApi.refreshToken.response>;

/** A token pair as the verify and refresh calls answer it. */
export function buildTokenPair(
  options: Parameters<typeof buildAccessToken>[0] = {},
  refresh = "refresh-1",
): TokenPairBody {
  return { token: buildAccessToken(options), refreshToken: refresh };
}

type ProfileBody = z.input<typeof accountsApi.getPersonalInfo.response>;

/** An active client's profile, as the personal-info calls answer it, with `overrides`. */
export function buildProfile(overrides: Partial<ProfileBody> = {}): ProfileBody {
  return {
    userId: "00000000-0000-4000-8000-0000000000c3",
    login: "client@example.ru",
    email: "client@example.ru",
    phone: "79161234567",
    contactEmail: null,
    contactPhone: null,
    company: null,
    lastName: "Иванова",
    firstName: "Анна",
    patronymic: "Сергеевна",
    type: "individual",
    imageUrl: null,
    role: "role-client",
    authority: ["role-client"],
    status: "active",
    createdAt: "2024-03-05T10:00:00.000Z",
    abilities: {
      edit: true,
      changeRole: false,
      assignableRoles: [],
      activate: false,
      block: false,
      unblock: false,
      delete: true,
    },
    ...overrides,
  };
}

type UsersPageBody = z.input<typeof accountsApi.listUsers.response>;

/**
 * One page of the user list holding `users`, out of `total` users in pages
 * of `pageSize` (by default the page holds them all).
 */
export function buildUsersPage(
  users: ProfileBody[],
  {
    total = users.length,
    pageSize = PAGING.tablePageSize,
  }: { total?: number; pageSize?: number } = {},
): UsersPageBody {
  return { data: users, total, totalPages: Math.ceil(total / pageSize) };
}

/**
 * An API client over a scripted fetch (uploads go through a scripted
 * XMLHttpRequest to the same handler); `onServerError` is a spy.
 */
export function buildApiClient(
  handler: FetchHandler,
  getAccessToken: () => string | null = () => null,
  xhrOptions: ScriptedXhrOptions = {},
) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
    handler(String(input), init ?? {}),
  );
  const onServerError = vi.fn();
  const api: ApiClient = createApiClient({
    baseUrl: API_BASE_URL,
    getAccessToken: () => getAccessToken(),
    onServerError,
    fetch: fetch as unknown as typeof globalThis.fetch,
    createXhr: scriptedXhr(handler, xhrOptions),
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
