import { SUPPORT, type SupportAttachment } from "@fonika/shared";
import { useCallback, useEffect, useRef, useState } from "react";
import { useApiClient } from "../../../lib/app-services.ts";
import { errorText } from "../../../lib/error-messages.ts";
import { uploadSupportAttachment } from "../api/upload-support-attachment.ts";
import { ENQUIRY_TEXTS } from "../support-texts.ts";

/** One file picked for a message, from its upload to its id. */
export interface AttachmentUpload {
  key: string;
  name: string;
  /** Share of the file sent, 0…1. */
  progress: number;
  status: "uploading" | "done" | "failed";
  /** The server's answer once uploaded. */
  attachment: SupportAttachment | null;
  /** Why it failed: the server's reason (too large, not an allowed type). */
  error: string | null;
}

/** The file types the picker offers; the server decides by content. */
export const ATTACHMENT_ACCEPT =
  "image/png,image/jpeg,image/webp,application/pdf,text/plain,.txt,.log";

let nextKey = 0;

/**
 * The attachments of one message being written: each picked file is
 * uploaded at once with its progress; a removed one is aborted or dropped.
 * `attachmentIds` are those uploaded, in the order picked.
 */
export function useAttachmentUploads() {
  const api = useApiClient();
  const [uploads, setUploads] = useState<AttachmentUpload[]>([]);
  const [limitError, setLimitError] = useState<string | null>(null);
  const controllers = useRef(new Map<string, AbortController>());

  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running.values()) controller.abort();
    };
  }, []);

  const change = useCallback((key: string, patch: Partial<AttachmentUpload>) => {
    setUploads((current) =>
      current.map((upload) => (upload.key === key ? { ...upload, ...patch } : upload)),
    );
  }, []);

  const add = useCallback(
    (files: readonly File[]) => {
      const room = SUPPORT.attachmentsPerMessage - uploads.length;
      setLimitError(files.length > room ? ENQUIRY_TEXTS.tooManyFiles : null);
      for (const file of files.slice(0, Math.max(0, room))) {
        nextKey += 1;
        const key = `attachment-${nextKey}`;
        const controller = new AbortController();
        controllers.current.set(key, controller);
        setUploads((current) => [
          ...current,
          { key, name: file.name, progress: 0, status: "uploading", attachment: null, error: null },
        ]);
        uploadSupportAttachment(
          api,
          file,
          ({ loaded, total }) => change(key, { progress: total > 0 ? loaded / total : 0 }),
          controller.signal,
        ).then(
          (attachment) => change(key, { status: "done", progress: 1, attachment }),
          (error: unknown) => {
            if (controller.signal.aborted) return;
            change(key, { status: "failed", error: errorText(error) });
          },
        );
      }
    },
    [api, change, uploads.length],
  );

  const remove = useCallback((key: string) => {
    controllers.current.get(key)?.abort();
    controllers.current.delete(key);
    setUploads((current) => current.filter((upload) => upload.key !== key));
    setLimitError(null);
  }, []);

  const clear = useCallback(() => {
    for (const controller of controllers.current.values()) controller.abort();
    controllers.current.clear();
    setUploads([]);
    setLimitError(null);
  }, []);

  const attachmentIds = uploads.flatMap((upload) =>
    upload.attachment ? [upload.attachment.id] : [],
  );
  /** Why the message cannot go yet: uploads still running or failed ones left in. */
  const blocker = uploads.some((upload) => upload.status === "uploading")
    ? ENQUIRY_TEXTS.waitUploads
    : uploads.some((upload) => upload.status === "failed")
      ? ENQUIRY_TEXTS.removeFailed
      : null;
  return { uploads, limitError, attachmentIds, blocker, add, remove, clear };
}
