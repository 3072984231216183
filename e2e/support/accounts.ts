import { randomInt } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import {
  accountsApi,
  authApi,
  type Endpoint,
  type EndpointResponse,
  endpointPath,
  type STAFF_ROLES,
  type TokenPair,
  type TokenPayload,
  tokenPairSchema,
  tokenPayloadSchema,
} from "@fonika/shared";
import { codesInServerLog, nextCodeFromServerLog } from "./codes.ts";
import { E2E } from "./environment.ts";

/**
 * Accounts for the browser flows. The server allows 5 sign-in codes per
 * address in 15 minutes, so flows must not share one: global setup signs
 * the bootstrap administrator in once, and each flow asks for a staff
 * account of its own, made through the real API as people make them — a
 * new address signs in (and accepts the offer), an administrator gives it
 * its role. The flow then signs in with it in the browser like anyone else.
 */

/** A staff role, or a client's: the accounts a flow may ask for. */
export type AccountRole = (typeof STAFF_ROLES)[number] | "role-client";

export interface Account {
  email: string;
  userId: string;
}

interface CallOptions {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  token?: string;
  /**
   * The client address the server is to see (X-Forwarded-For; the e2e
   * server trusts loopback as its proxy). Accounts are made from addresses
   * of their own, so they do not spend the browser's per-IP code budget.
   */
  from?: string;
}

export async function callApi<E extends Endpoint>(
  endpoint: E,
  options: CallOptions = {},
): Promise<EndpointResponse<E>> {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers["content-type"] = "application/json";
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.from) headers["x-forwarded-for"] = options.from;
  const search = options.query ? `?${new URLSearchParams(options.query)}` : "";
  const url = `${E2E.baseUrl}/api/v1${endpointPath(endpoint.path, options.params)}${search}`;
  const response = await fetch(url, {
    method: endpoint.method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  if (!response.ok) {
    throw new Error(`${endpoint.method} ${url} answered ${response.status}: ${text}`);
  }
  return endpoint.response.parse(JSON.parse(text)) as EndpointResponse<E>;
}

function payloadOf(token: string): TokenPayload {
  const payload = token.split(".")[1] ?? "";
  return tokenPayloadSchema.parse(JSON.parse(Buffer.from(payload, "base64url").toString("utf8")));
}

/** A documentation-range address (RFC 5737) nobody else uses in this run. */
export function freshAddress(): string {
  return `198.51.${randomInt(256)}.${randomInt(1, 255)}`;
}

/** Signs an e-mail in by its code from the server log, as the sign-in page does. */
async function signInThroughApi(email: string, from: string): Promise<TokenPair> {
  const seen = codesInServerLog(email).length;
  await callApi(authApi.emailSendCode, { body: { email }, from });
  const code = await nextCodeFromServerLog(email, seen);
  return callApi(authApi.emailVerifyCode, { body: { email, code }, from });
}

/** Global setup: the bootstrap administrator's one sign-in of the run. */
export async function signInBootstrapAdmin(): Promise<void> {
  const tokens = await signInThroughApi(E2E.adminEmail, freshAddress());
  writeFileSync(E2E.adminSessionFile, JSON.stringify(tokens), { mode: 0o600 });
}

/**
 * The bootstrap administrator's access token, refreshed (and the rotated
 * pair saved) when it is about to expire. Flows run one at a time
 * (workers: 1), so one saved pair is never rotated twice.
 */
export async function adminAccessToken(): Promise<string> {
  const saved = tokenPairSchema.parse(JSON.parse(readFileSync(E2E.adminSessionFile, "utf8")));
  if (payloadOf(saved.token).exp * 1000 - Date.now() > 60_000) return saved.token;
  const fresh = await callApi(authApi.refreshToken, {
    body: { refreshToken: saved.refreshToken },
  });
  writeFileSync(E2E.adminSessionFile, JSON.stringify(fresh), { mode: 0o600 });
  return fresh.token;
}

/**
 * A new account with `role` (staff or client) for one flow, e-mail `<label>-…@fonika.test`.
 * It is signed out again here: the flow signs it in in the browser.
 */
export async function createAccount(role: AccountRole, label: string): Promise<Account> {
  const email = `${label}-${Date.now()}-${randomInt(1_000_000)}@fonika.test`;
  const from = freshAddress();
  const own = await signInThroughApi(email, from);
  const userId = payloadOf(own.token).sub;
  await callApi(accountsApi.signAgreement, { params: { userId }, token: own.token, from });
  await callApi(accountsApi.changeRole, {
    params: { userId },
    body: { newRole: role },
    token: await adminAccessToken(),
  });
  await callApi(authApi.logout, { body: { refreshToken: own.refreshToken }, from });
  return { email, userId };
}

/**
 * A new account of `role` that stays signed in through the API: its access
 * token, for a flow's setup (the library a client then finds, for example).
 */
export async function createSignedInAccount(
  role: AccountRole,
  label: string,
): Promise<Account & { token: string; refreshToken: string }> {
  const account = await createAccount(role, label);
  const tokens = await signInThroughApi(account.email, freshAddress());
  return { ...account, token: tokens.token, refreshToken: tokens.refreshToken };
}

/** A fresh access token of a session made by `createSignedInAccount` (a flow longer than its life). */
export async function refreshedToken(session: { refreshToken: string }): Promise<string> {
  const fresh = await callApi(authApi.refreshToken, {
    body: { refreshToken: session.refreshToken },
  });
  session.refreshToken = fresh.refreshToken;
  return fresh.token;
}

/**
 * A newcomer who completed the profile as a legal entity and now waits for
 * activation (as the cabinet's form leaves them), still signed in through
 * the API with the waiting role's token: a flow's setup adds their payer,
 * venue and subscription as they could themselves while waiting.
 */
export async function createWaitingClient(
  label: string,
  name: { lastName: string; firstName: string },
): Promise<Account & { token: string }> {
  const email = `${label}-${Date.now()}-${randomInt(1_000_000)}@fonika.test`;
  const from = freshAddress();
  const own = await signInThroughApi(email, from);
  const userId = payloadOf(own.token).sub;
  await callApi(accountsApi.createPersonalInfo, {
    body: { type: "legal", ...name, company: "ООО «Ожидание»", agreement: true },
    token: own.token,
    from,
  });
  // The role changed: the next access token carries the waiting one.
  const fresh = await callApi(authApi.refreshToken, {
    body: { refreshToken: own.refreshToken },
    from,
  });
  return { email, userId, token: fresh.token };
}
