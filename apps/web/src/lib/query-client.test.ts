import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { FreshQueryClient } from "./query-client.ts";

/**
 * A list on screen whose first answer is still on its way when a change
 * invalidates it: the server read the list before the change, so that
 * answer is stale. Each read answers the server's version at the time it
 * was read, after a delay the test releases.
 */
async function listAfterChange(client: QueryClient, refetchType?: "none") {
  let version = "before";
  const pending: Array<() => void> = [];
  let reads = 0;
  const observer = new QueryObserver(client, {
    queryKey: ["users", { query: "8 916" }],
    queryFn: async () => {
      reads += 1;
      const read = version;
      await new Promise<void>((resolve) => pending.push(resolve));
      return read;
    },
  });
  const seen: Array<string | undefined> = [];
  const unsubscribe = observer.subscribe((result) => seen.push(result.data));
  await expect.poll(() => pending.length).toBe(1);

  // The change is made and acknowledged while the first read is in flight.
  version = "after";
  const invalidated = client.invalidateQueries({ queryKey: ["users"], refetchType });
  pending.shift()?.();
  await new Promise((resolve) => setTimeout(resolve, 0));
  for (const release of pending.splice(0)) release();
  await invalidated;
  await expect.poll(() => observer.getCurrentResult().fetchStatus).toBe("idle");
  unsubscribe();
  return { data: observer.getCurrentResult().data, reads, seen };
}

describe("FreshQueryClient", () => {
  it("reads again a list whose first answer was on its way when a change invalidated it", async () => {
    const { data, reads, seen } = await listAfterChange(new FreshQueryClient());
    expect(data).toBe("after");
    expect(reads).toBe(2);
    // The stale answer was never shown.
    expect(seen).not.toContain("before");
  });

  it("leaves the first fetch alone when the invalidation fetches nothing again", async () => {
    const { data, reads } = await listAfterChange(new FreshQueryClient(), "none");
    expect(data).toBe("before");
    expect(reads).toBe(1);
  });

  it("is needed: TanStack's own client keeps that first answer", async () => {
    const { data, reads } = await listAfterChange(new QueryClient());
    expect(data).toBe("before");
    expect(reads).toBe(1);
  });
});
