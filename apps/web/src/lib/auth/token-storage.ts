import type { TokenPair } from "@fonika/shared";

/** Where the app keeps its session; the web player keeps its device session under its own key. */
export const APP_TOKENS_KEY = "fonika.tokens";

export interface StoredTokens extends TokenPair {
  /** True when the pair lives in persistent storage (remember-me on). */
  remember: boolean;
}

export interface TokenStorage {
  /** Remember-me on: persistent storage; off: this tab's session only. */
  save(pair: TokenPair, remember: boolean): void;
  load(): StoredTokens | null;
  clear(): void;
}

function readPair(storage: Storage | undefined, key: string): TokenPair | null {
  try {
    const raw = storage?.getItem(key);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<TokenPair>;
    return typeof value.token === "string" && typeof value.refreshToken === "string"
      ? { token: value.token, refreshToken: value.refreshToken }
      : null;
  } catch {
    return null;
  }
}

function remove(storage: Storage | undefined, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    // A storage the browser refuses holds nothing to remove.
  }
}

/**
 * Where tokens are kept (SPEC.md §9: persistently only when remember-me is
 * on). `persistent` is localStorage, `temporary` sessionStorage.
 */
export function createTokenStorage(
  persistent: Storage | undefined,
  temporary: Storage | undefined,
  key: string = APP_TOKENS_KEY,
): TokenStorage {
  return {
    save(pair, remember) {
      const target = remember ? persistent : temporary;
      remove(remember ? temporary : persistent, key);
      try {
        target?.setItem(
          key,
          JSON.stringify({ token: pair.token, refreshToken: pair.refreshToken }),
        );
      } catch {
        // Storage full or refused: the session still works until the tab closes.
      }
    },
    load() {
      const remembered = readPair(persistent, key);
      if (remembered) return { ...remembered, remember: true };
      const session = readPair(temporary, key);
      return session ? { ...session, remember: false } : null;
    },
    clear() {
      remove(persistent, key);
      remove(temporary, key);
    },
  };
}
