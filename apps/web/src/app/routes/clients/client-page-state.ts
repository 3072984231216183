import { pathTo } from "../../../config/paths.ts";

/** What the client base hands the client page: the list to lead back to. */
export interface ClientPageState {
  back: string;
}

/**
 * Where a user's page leads back to: the client-base list it was opened
 * from (with its search, filters and page), else the client base itself.
 */
export function backToClientBase(state: unknown): string {
  const base = pathTo("ClientBase");
  if (state && typeof state === "object" && "back" in state) {
    const { back } = state as ClientPageState;
    if (typeof back === "string" && (back === base || back.startsWith(`${base}?`))) return back;
  }
  return base;
}
