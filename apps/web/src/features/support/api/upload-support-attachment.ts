import { type SupportAttachment, supportApi } from "@fonika/shared";
import type { ApiClient, UploadProgress } from "../../../lib/api-client.ts";

/**
 * Uploads one file for an enquiry or a reply (the server checks its content
 * and size: 415 or 413 with a Russian reason); the answer's id goes into
 * the message's `attachmentIds`.
 */
export function uploadSupportAttachment(
  api: ApiClient,
  file: File,
  onProgress: (progress: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<SupportAttachment> {
  return api.upload(supportApi.uploadSupportAttachment, { file, onProgress, signal });
}
