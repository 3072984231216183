import { establishmentsApi } from "@fonika/shared";
import type { ApiClient } from "../../../lib/api-client.ts";

/**
 * The address of an establishment's floor plan for `<img src>` or a link,
 * with the access token of this moment in `access_token`.
 */
export function layoutFileUrl(api: ApiClient, userId: string, id: string): string {
  return api.fileUrl(establishmentsApi.getLayoutFile, { params: { userId, id } });
}
