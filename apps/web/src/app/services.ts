import { MESSAGES } from "@fonika/shared";
import { toast } from "react-toastify";
import { apiBaseUrl, playerSocketTarget } from "../config/paths.ts";
import { createApiClient } from "../lib/api-client.ts";
import type { AppServices } from "../lib/app-services.ts";
import { createSession } from "../lib/auth/session.ts";
import { createTokenStorage } from "../lib/auth/token-storage.ts";
import { createPlayerSocket } from "../lib/socket.ts";
import { browserTimers } from "../lib/timers.ts";

function storageOrUndefined(pick: () => Storage): Storage | undefined {
  try {
    return pick();
  } catch {
    return undefined;
  }
}

/** Refreshes in one tab at a time: the stored refresh token rotates on every use. */
function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
  return locks ? locks.request("fonika-token-refresh", task) : task();
}

/** Builds the app's clients: one API client, one session, one player socket. */
export function createAppServices(): AppServices {
  const storage = createTokenStorage(
    storageOrUndefined(() => window.localStorage),
    storageOrUndefined(() => window.sessionStorage),
  );
  const api = createApiClient({
    baseUrl: apiBaseUrl,
    getAccessToken: () => session.getAccessToken(),
    onServerError: () => {
      toast.error(MESSAGES.somethingWentWrong, { toastId: "server-error" });
    },
  });
  const session = createSession({
    api,
    storage,
    timers: browserTimers,
    withLock: withRefreshLock,
  });
  const playerSocket = createPlayerSocket({
    timers: browserTimers,
    target: () => {
      const token = session.getAccessToken();
      return token ? playerSocketTarget(window.location.origin, token) : null;
    },
    userId: () => session.getState().userId,
  });
  return { api, session, playerSocket };
}
