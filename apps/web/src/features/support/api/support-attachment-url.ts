import { supportApi } from "@fonika/shared";
import type { ApiClient } from "../../../lib/api-client.ts";

/**
 * The download address of an attachment with the access token of this
 * moment (the server sends it with `Content-Disposition: attachment`).
 */
export function supportAttachmentUrl(api: ApiClient, id: string): string {
  return api.fileUrl(supportApi.downloadSupportAttachment, { params: { id } });
}
