import { randomUUID } from "node:crypto";
import {
  type EnquiryState,
  type EnquiryTopic,
  SUPPORT,
  type SupportAttachment,
} from "@fonika/shared";
import type { Actor } from "../../kernel/actor.ts";
import type { ServiceLog } from "../../kernel/service-log.ts";
import type { StoredFile } from "../../kernel/stored-file.ts";
import { cleanUploadedFileName } from "../../storage/file-name.ts";
import type { FileStore } from "../../storage/file-store.ts";
import type { UploadSource } from "../../storage/upload.ts";
import { detectSupportFileType, SUPPORT_FILE_EXTENSIONS } from "./attachment-file.ts";
import type { AttachmentRow } from "./attachments.repository.ts";
import { supportErrors } from "./support.errors.ts";
import { assertMaySeeEnquiry, enquiryScopeOf } from "./support.policy.ts";
import type { SupportStore } from "./support.store.ts";

/** How often unused attachments are looked for. */
export const ATTACHMENT_SWEEP_MS = 60 * 60 * 1000;

export interface SupportAttachmentsDependencies {
  store: SupportStore;
  files: FileStore;
  log: ServiceLog;
  now?: () => number;
}

/**
 * Files for enquiries' messages: uploaded first (the content decides the
 * type), held by their uploader until a message takes them, then seen by
 * whoever sees the enquiry. One stored file per upload (`support/<id>`),
 * removed with its row; those no message took within a day are swept.
 */
export class SupportAttachments {
  private readonly now: () => number;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(private readonly deps: SupportAttachmentsDependencies) {
    this.now = deps.now ?? Date.now;
  }

  /**
   * Stores an upload of someone who may write enquiries: empty is 400,
   * more than SUPPORT.attachmentMaxBytes 413, a type other than PNG, JPEG,
   * WebP, PDF or UTF-8 text 415; nothing stays behind a refusal.
   */
  async upload(actor: Actor, upload: UploadSource): Promise<SupportAttachment> {
    enquiryScopeOf(actor);
    const file = await upload({
      maxBytes: SUPPORT.attachmentMaxBytes,
      tooLargeReason: supportErrors.fileTooLarge,
    });
    try {
      if (file.size === 0) throw supportErrors.emptyFile();
      const mediaType = await detectSupportFileType(file.path);
      if (!mediaType) throw supportErrors.unsupportedFile();
      const id = randomUUID();
      const storageKey = `support/${id.slice(0, 2)}/${id}`;
      await this.deps.files.putFile(storageKey, file.path, mediaType);
      try {
        const row = await this.deps.store.attachments.insertAttachment({
          id,
          uploadedBy: actor.userId,
          // Shown to support staff: nothing in it may disguise what the file is.
          name: cleanUploadedFileName(file.filename, `file.${SUPPORT_FILE_EXTENSIONS[mediaType]}`),
          mediaType,
          size: file.size,
          storageKey,
        });
        return presentAttachment(row);
      } catch (error) {
        await this.deps.files.remove(storageKey);
        throw error;
      }
    } finally {
      await file.discard();
    }
  }

  /**
   * An attachment as a download: to whoever sees its enquiry, or to its
   * uploader while no message took it; 404 to anyone else.
   */
  async file(actor: Actor, id: string): Promise<StoredFile> {
    enquiryScopeOf(actor);
    const found = await this.deps.store.attachments.findAttachment(id);
    if (!found) throw supportErrors.attachmentNotFound();
    const { attachment } = found;
    if (found.clientId === null) {
      if (attachment.uploadedBy !== actor.userId) throw supportErrors.attachmentNotFound();
    } else {
      try {
        assertMaySeeEnquiry(actor, {
          clientId: found.clientId,
          topic: found.topic as EnquiryTopic,
          state: found.state as EnquiryState,
        });
      } catch {
        throw supportErrors.attachmentNotFound();
      }
    }
    return {
      key: attachment.storageKey,
      size: attachment.size,
      contentType:
        attachment.mediaType === "text/plain" ? "text/plain; charset=utf-8" : attachment.mediaType,
      etag: attachment.id,
      caching: "immutable",
      disposition: { type: "attachment", fileName: attachment.name },
    };
  }

  /**
   * Puts the caller's unused uploads in a message (inside its
   * transaction); a foreign or already used id is a 400 and undoes it.
   */
  async claim(tx: SupportStore, ids: readonly string[], uploaderId: string, eventId: string) {
    const unique = [...new Set(ids)];
    if (unique.length !== ids.length) throw supportErrors.attachmentsNotYours();
    const taken = await tx.attachments.claimAttachments(unique, uploaderId, eventId);
    if (taken !== unique.length) throw supportErrors.attachmentsNotYours();
  }

  /** The attachments of these events, presented, by event. */
  async ofEvents(store: SupportStore, eventIds: readonly string[]) {
    const rows = await store.attachments.attachmentsOfEvents(eventIds);
    const byEvent = new Map<string, SupportAttachment[]>();
    for (const row of rows) {
      if (!row.eventId) continue;
      const list = byEvent.get(row.eventId) ?? [];
      list.push(presentAttachment(row));
      byEvent.set(row.eventId, list);
    }
    return byEvent;
  }

  /** Removes stored files whose rows are gone (after the transaction that deleted them). */
  async removeFiles(keys: readonly string[]): Promise<void> {
    for (const key of keys) {
      try {
        await this.deps.files.remove(key);
      } catch (error) {
        this.deps.log.error({ err: error, key }, "removing a support attachment's file failed");
      }
    }
  }

  /** Removes the attachments no message took within SUPPORT.unusedAttachmentHours. */
  async sweep(nowMs: number = this.now()): Promise<number> {
    const before = new Date(nowMs - SUPPORT.unusedAttachmentHours * 60 * 60 * 1000);
    const keys = await this.deps.store.attachments.deleteUnusedBefore(before);
    await this.removeFiles(keys);
    return keys.length;
  }

  /** Sweeps now and every ATTACHMENT_SWEEP_MS (the timer does not hold the process). */
  start(): void {
    this.runSweep();
    this.timer = setInterval(() => this.runSweep(), ATTACHMENT_SWEEP_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  private runSweep(): void {
    if (this.running) return;
    this.running = this.sweep()
      .catch((error: unknown) =>
        this.deps.log.error({ err: error }, "sweeping unused support attachments failed"),
      )
      .finally(() => {
        this.running = undefined;
      });
  }
}

/** What leaves the server of an attachment row. */
export function presentAttachment(row: AttachmentRow): SupportAttachment {
  return { id: row.id, name: row.name, mediaType: row.mediaType, size: row.size };
}
