import { playerUpdatesApi } from "@fonika/shared";
import type { ApiClient } from "../../../lib/api-client.ts";

/** The address of an update's firmware file for a download link, with the token of this moment. */
export function playerUpdateFileUrl(api: ApiClient, updateId: string): string {
  return api.fileUrl(playerUpdatesApi.getPlayerUpdateFile, { params: { updateId } });
}
