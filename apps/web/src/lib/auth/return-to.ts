/**
 * Where a visitor who is not signed in was going when the route guard sent
 * them Home (a link from outside, such as a device's approval link in a QR
 * code): kept for the tab, so that signing in returns them there once.
 */

const KEY = "fonika.returnTo";
/**
 * Whether this tab has had a signed-in session: a page left because its
 * user logged out (or was signed out) is not a link opened from outside,
 * and the next person to sign in here must not be sent to it. Kept with the
 * tab's storage, as the path is, so that it lives exactly as long.
 */
const SIGNED_IN_KEY = "fonika.signedInHere";

function signedInHere(): boolean {
  try {
    return window.sessionStorage.getItem(SIGNED_IN_KEY) !== null;
  } catch {
    return false;
  }
}

/** The route guard saw a signed-in session in this tab. */
export function noteSignedIn(): void {
  if (signedInHere()) return;
  try {
    window.sessionStorage.setItem(SIGNED_IN_KEY, "1");
  } catch {
    // Storage refused (private mode): nothing is remembered either.
  }
}

/** Only a path of this site: `/…`, never `//host` or a full URL. */
export function isInternalPath(path: string): boolean {
  return path.startsWith("/") && !path.startsWith("//") && !path.startsWith("/\\");
}

/** Remembers where to return after signing in (`path` with its query). */
export function rememberReturnTo(path: string): void {
  if (signedInHere() || !isInternalPath(path)) return;
  try {
    window.sessionStorage.setItem(KEY, path);
  } catch {
    // Storage refused (private mode): the visitor lands on their start screen instead.
  }
}

/**
 * The sign-in page's query parameter naming where a visitor chose to go
 * once signed in (`/auth?next=/add-client-objects`, the landing's
 * «Подключить заведение»); the page remembers it with `chooseReturnTo`.
 */
export const NEXT_PARAM = "next";

/**
 * Remembers where a visitor chose to go once signed in (the landing's
 * «Подключить заведение»): a choice made on this page, so kept even in a
 * tab where someone signed in before, unlike a link the guard intercepted.
 */
export function chooseReturnTo(path: string): void {
  if (!isInternalPath(path)) return;
  try {
    window.sessionStorage.setItem(KEY, path);
  } catch {
    // Storage refused (private mode): the visitor lands on their start screen instead.
  }
}

/** The remembered path, if any; it is forgotten as it is read. */
export function takeReturnTo(): string | null {
  try {
    const path = window.sessionStorage.getItem(KEY);
    window.sessionStorage.removeItem(KEY);
    return path && isInternalPath(path) ? path : null;
  } catch {
    return null;
  }
}

/** The remembered path without forgetting it. */
export function peekReturnTo(): string | null {
  try {
    const path = window.sessionStorage.getItem(KEY);
    return path && isInternalPath(path) ? path : null;
  } catch {
    return null;
  }
}
