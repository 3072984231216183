import { MESSAGES } from "@fonika/shared";
import { apiBaseUrl, playerSocketTarget } from "../../config/paths.ts";
import { type ApiClient, createApiClient } from "../../lib/api-client.ts";
import { createSession, type Session } from "../../lib/auth/session.ts";
import { createTokenStorage, type TokenStorage } from "../../lib/auth/token-storage.ts";
import { createPlayerSocket, type PlayerSocket } from "../../lib/socket.ts";
import { browserTimers } from "../../lib/timers.ts";

/**
 * The web player's own clients (issue 14): a device session kept apart
 * from the app's (an owner signed in on the same computer stays signed
 * in), always remembered — a reload or a reboot plays again without a new
 * code — with its own API client and player socket.
 */

const KEYS = {
  tokens: "fonika.webPlayer.tokens",
  playerId: "fonika.webPlayer.playerId",
  outbox: "fonika.webPlayer.outbox",
  nowPlaying: "fonika.webPlayer.nowPlaying",
} as const;

export interface WebPlayerServices {
  api: ApiClient;
  session: Session;
  socket: PlayerSocket;
  tokens: TokenStorage;
  /** Where the outbox keeps plays made offline. */
  storage: Storage | undefined;
  outboxKey: string;
  /** Where what plays is kept for the page after a reload. */
  nowPlayingKey: string;
  playerId(): string | null;
  /** Keeps the device session of an approved code or of "Играть в этом браузере". */
  adopt(tokens: { token: string; refreshToken: string }, playerId: string): void;
  /** Forgets the device session here (its tokens and player). */
  forget(): void;
  /** Told when the socket opens or closes. */
  onConnection(listener: (open: boolean) => void): () => void;
}

function localStorageOrUndefined(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

export function createWebPlayerServices(): WebPlayerServices {
  const storage = localStorageOrUndefined();
  // Both "persistent" and "temporary" are localStorage: a venue's device always remembers.
  const tokens = createTokenStorage(storage, storage, KEYS.tokens);
  const connectionListeners = new Set<(open: boolean) => void>();
  const api = createApiClient({
    baseUrl: apiBaseUrl,
    getAccessToken: () => session.getAccessToken(),
    onServerError: () => {
      console.warn(MESSAGES.somethingWentWrong);
    },
  });
  const session = createSession({ api, storage: tokens, timers: browserTimers });
  const playerId = () => storage?.getItem(KEYS.playerId) ?? null;
  const socket = createPlayerSocket({
    timers: browserTimers,
    target: () => {
      const token = session.getAccessToken();
      const player = playerId();
      if (!token || !player) return null;
      return playerSocketTarget(window.location.origin, token, { playerId: player });
    },
    userId: () => session.getState().userId,
    onConnection: (open) => {
      for (const listener of connectionListeners) listener(open);
    },
  });
  return {
    api,
    session,
    socket,
    tokens,
    storage,
    outboxKey: KEYS.outbox,
    nowPlayingKey: KEYS.nowPlaying,
    playerId,
    adopt(pair, player) {
      storage?.setItem(KEYS.playerId, player);
      session.signIn(pair, true);
    },
    forget() {
      socket.close();
      tokens.clear();
      storage?.removeItem(KEYS.playerId);
      storage?.removeItem(KEYS.outbox);
      storage?.removeItem(KEYS.nowPlaying);
    },
    onConnection(listener) {
      connectionListeners.add(listener);
      return () => connectionListeners.delete(listener);
    },
  };
}

/** Keeps the device session "Играть в этом браузере" made, for /web-player to play with. */
export function keepWebPlayerSession(
  pair: { token: string; refreshToken: string },
  player: string,
): void {
  const storage = localStorageOrUndefined();
  createTokenStorage(storage, storage, KEYS.tokens).save(pair, true);
  storage?.setItem(KEYS.playerId, player);
  storage?.removeItem(KEYS.outbox);
}
