import type { TokenPair } from "@fonika/shared";

const STORAGE_KEY = "fonika.tokens";

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

function readPair(storage: Storage | undefined): TokenPair | null {
  try {
    const raw = storage?.getItem(STORAGE_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<TokenPair>;
    return typeof value.token === "string" && typeof value.refreshToken === "string"
      ? { token: value.token, refreshToken: value.refreshToken }
      : null;
  } catch {
    return null;
  }
}

function remove(storage: Storage | undefined): void {
  try {
    storage?.removeItem(STORAGE_KEY);
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
): TokenStorage {
  return {
    save(pair, remember) {
      const target = remember ? persistent : temporary;
      remove(remember ? temporary : persistent);
      try {
        target?.setItem(
          STORAGE_KEY,
          JSON.stringify({ token: pair.token, refreshToken: pair.refreshToken }),
        );
      } catch {
        // Storage full or refused: the session still works until the tab closes.
      }
    },
    load() {
      const remembered = readPair(persistent);
      if (remembered) return { ...remembered, remember: true };
      const session = readPair(temporary);
      return session ? { ...session, remember: false } : null;
    },
    clear() {
      remove(persistent);
      remove(temporary);
    },
  };
}
