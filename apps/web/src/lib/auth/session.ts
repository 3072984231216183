import { activeRole, authApi, type Role, type TokenPair } from "@fonika/shared";
import { DEFAULT_ROLE_BEFORE_SIGN_IN, ROLE_AFTER_LOGOUT } from "../../config/roles.ts";
import { type ApiClient, ApiError, isApiError } from "../api-client.ts";
import { CLIENT_ERRORS } from "../error-messages.ts";
import type { Timers } from "../timers.ts";
import { decodeAccessToken } from "./jwt.ts";
import { createRefreshScheduler, type RefreshOutcome } from "./refresh-scheduler.ts";
import type { TokenStorage } from "./token-storage.ts";

/** `unknown` until the start-up refresh answers (SPEC.md §2 Route guard). */
export type SessionStatus = "unknown" | "signed-in" | "signed-out";

export interface SessionState {
  status: SessionStatus;
  accessToken: string | null;
  userId: string | null;
  authority: readonly string[];
  /** The current role; before sign-in role-admin, after logout wait-activation (SPEC.md §2, §4). */
  role: Role;
}

export interface Session {
  getState(): SessionState;
  subscribe(listener: () => void): () => void;
  getAccessToken(): string | null;
  /**
   * Start-up: a stored refresh token is exchanged for a new session. Called
   * again after the server could not be reached, it tries again.
   */
  start(): Promise<void>;
  /** Starts the session of a fresh token pair; throws ApiError when it cannot. */
  signIn(pair: Partial<TokenPair> | undefined, remember: boolean): void;
  /** Refreshes now (e.g. after the role changed); rejects like the call does. */
  refresh(): Promise<void>;
  /** Ends the session here and on the server; never rejects. */
  logout(): Promise<void>;
  /**
   * Asks the server at once whether the session still stands (a refresh),
   * e.g. when the socket was denied; when the server refuses it (ended,
   * blocked, deleted: 401 or 403) it ends here too. Never rejects.
   */
  confirm(): Promise<void>;
}

export interface SessionOptions {
  api: ApiClient;
  storage: TokenStorage;
  timers: Pick<Timers, "setTimeout" | "clearTimeout">;
  /** Serializes refreshes across tabs sharing the stored refresh token. */
  withLock?: <T>(task: () => Promise<T>) => Promise<T>;
}

const signedOut = (role: Role): SessionState => ({
  status: "signed-out",
  accessToken: null,
  userId: null,
  authority: [],
  role,
});

/** Checks a token pair and reads who it is for; throws ApiError when unusable. */
function readPair(pair: Partial<TokenPair> | undefined): {
  pair: TokenPair;
  userId: string;
  authority: string[];
  role: Role;
} {
  // SPEC.md §5: a verify response lacking token or refreshToken is a failure.
  if (!pair?.token || !pair.refreshToken) {
    throw new ApiError(0, "incomplete-tokens", CLIENT_ERRORS.incompleteTokens);
  }
  const payload = decodeAccessToken(pair.token);
  if (!payload) throw new ApiError(0, "incomplete-tokens", CLIENT_ERRORS.incompleteTokens);
  // SPEC.md §4: the app needs one of the five roles or the two pseudo-states.
  const role = activeRole(payload.authority);
  if (!role) throw new ApiError(403, "forbidden", CLIENT_ERRORS.noRoleAccess);
  return {
    pair: { token: pair.token, refreshToken: pair.refreshToken },
    userId: payload.sub,
    authority: payload.authority,
    role,
  };
}

function outcomeOf(error: unknown): RefreshOutcome {
  if (error instanceof Error && error.message === CLIENT_ERRORS.noRefreshToken) return "no-session";
  if (isApiError(error)) {
    if (error.status === 401) return "unauthorized";
    if (error.status === 403) return "no-session";
  }
  return "failed";
}

export function createSession({
  api,
  storage,
  timers,
  withLock = (task) => task(),
}: SessionOptions): Session {
  const listeners = new Set<() => void>();
  let state: SessionState = storage.load()
    ? { ...signedOut(DEFAULT_ROLE_BEFORE_SIGN_IN), status: "unknown" }
    : signedOut(DEFAULT_ROLE_BEFORE_SIGN_IN);

  const setState = (next: SessionState) => {
    state = next;
    for (const listener of listeners) listener();
  };

  const apply = (pair: Partial<TokenPair> | undefined, remember: boolean) => {
    const read = readPair(pair);
    storage.save(read.pair, remember);
    setState({
      status: "signed-in",
      accessToken: read.pair.token,
      userId: read.userId,
      authority: read.authority,
      role: read.role,
    });
  };

  const endLocally = () => {
    scheduler.stop();
    storage.clear();
    setState(signedOut(ROLE_AFTER_LOGOUT));
  };

  let refreshing: Promise<void> | undefined;
  /**
   * Rejects with Error('No refresh token') when none is stored (SPEC.md §8).
   * Calls made while one is out share it: the refresh token rotates on use.
   */
  const refreshTokens = () => {
    refreshing ??= rotate().finally(() => {
      refreshing = undefined;
    });
    return refreshing;
  };

  const rotate = () =>
    withLock(async () => {
      const stored = storage.load();
      if (!stored?.refreshToken) throw new Error(CLIENT_ERRORS.noRefreshToken);
      // Another tab may have rotated the pair already: adopt it instead.
      if (state.accessToken && stored.token !== state.accessToken) {
        const payload = decodeAccessToken(stored.token);
        if (payload && payload.exp * 1000 > Date.now() + 60_000) {
          apply(stored, stored.remember);
          return;
        }
      }
      const pair = await api.call(authApi.refreshToken, {
        body: { refreshToken: stored.refreshToken },
      });
      apply(pair, stored.remember);
    });

  const scheduler = createRefreshScheduler({
    timers,
    refresh: async () => {
      try {
        await refreshTokens();
        return "ok";
      } catch (error) {
        return outcomeOf(error);
      }
    },
    onSessionLost: endLocally,
  });

  let starting: Promise<void> | undefined;
  const restore = async () => {
    if (state.status !== "unknown") return;
    try {
      await refreshTokens();
      scheduler.start();
    } catch (error) {
      // A server that cannot be reached keeps the stored pair for the next visit.
      const unreachable =
        isApiError(error) && (error.type === "network-error" || error.status >= 500);
      if (!unreachable) storage.clear();
      setState(signedOut(state.role));
    }
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getAccessToken: () => state.accessToken,
    start() {
      if (state.status === "signed-out" && starting && storage.load()) {
        // The server could not be reached at the last start: the stored pair is tried again.
        starting = undefined;
        setState({ ...state, status: "unknown" });
      }
      starting ??= restore();
      return starting;
    },
    signIn(pair, remember) {
      apply(pair, remember);
      scheduler.start();
    },
    async refresh() {
      await refreshTokens();
      scheduler.start();
    },
    async confirm() {
      if (state.status !== "signed-in") return;
      try {
        await refreshTokens();
        scheduler.start();
      } catch (error) {
        // A server that cannot be reached has refused nothing: the cycle goes on.
        if (outcomeOf(error) !== "failed") endLocally();
      }
    },
    async logout() {
      const stored = storage.load();
      endLocally();
      if (stored?.refreshToken) {
        try {
          await api.call(authApi.logout, { body: { refreshToken: stored.refreshToken } });
        } catch {
          // The local session is over either way; the server expires the rest.
        }
      }
    },
  };
}
