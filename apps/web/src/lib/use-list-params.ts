import { INPUT } from "@fonika/shared";
import { useCallback } from "react";
import { type SetURLSearchParams, useSearchParams } from "react-router";

/** A list's search as the address bar holds it; a hand-typed one may hold more than the server takes. */
export function searchQueryOf(searchParams: URLSearchParams, name = "query"): string {
  return (searchParams.get(name) ?? "").trim().slice(0, INPUT.defaultMax).trim();
}

/** A page number from the address bar: counts from 1 there, from 0 for the API. */
export function pageOf(text: string | null): number {
  const page = Number(text);
  return Number.isInteger(page) && page > 1 ? page - 1 : 0;
}

/**
 * Changes parameters of the address bar in place (no new history entry): a
 * value sets its parameter, an empty or missing one removes it.
 */
export function useUpdateSearchParams(): [
  URLSearchParams,
  (changes: Record<string, string | undefined>) => void,
] {
  const [searchParams, setSearchParams] = useSearchParams();
  const update = useCallback(
    (changes: Record<string, string | undefined>) => applyChanges(setSearchParams, changes),
    [setSearchParams],
  );
  return [searchParams, update];
}

function applyChanges(
  setSearchParams: SetURLSearchParams,
  changes: Record<string, string | undefined>,
): void {
  setSearchParams(
    (current) => {
      const next = new URLSearchParams(current);
      for (const [name, value] of Object.entries(changes)) {
        if (value) next.set(name, value);
        else next.delete(name);
      }
      return next;
    },
    { replace: true },
  );
}
