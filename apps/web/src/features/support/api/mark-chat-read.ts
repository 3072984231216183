import { supportApi } from "@fonika/shared";
import type { ApiClient } from "../../../lib/api-client.ts";

/** Marks the conversation read by the caller's side up to `upTo` (a seq). */
export async function markChatRead(api: ApiClient, clientId: string, upTo: number): Promise<void> {
  await api.call(supportApi.markChatRead, { params: { clientId }, body: { upTo } });
}
