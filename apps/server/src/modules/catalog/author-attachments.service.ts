import { AUTHOR_ATTACHMENTS, type AuthorAttachment } from "@fonika/shared";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Database, Executor } from "../../db/client.ts";
import type { Actor } from "../../plugins/auth.ts";
import { contentKey, type FileStore } from "../../storage/file-store.ts";
import { sendStoredFile } from "../../storage/send-file.ts";
import type { SpooledUpload, UploadSource } from "../../storage/upload.ts";
import {
  type AttachmentRow,
  countAttachmentsWithKey,
  deleteAttachment,
  findAttachment,
  findAttachmentByHash,
  insertAttachment,
  listAttachments,
  lockStorageKey,
} from "./author-attachments.repository.ts";
import { catalogErrors } from "./catalog.errors.ts";
import { assertMayEditCatalog, assertMayReadAuthorDocuments } from "./catalog.policy.ts";
import { findEntry, lockEntry } from "./catalog.repository.ts";
import { type DocumentType, detectDocumentType } from "./document-file.ts";

export interface AuthorAttachmentsDependencies {
  db: Database;
  files: FileStore;
}

/** The extension a nameless upload is given, by its content. */
const EXTENSIONS: Record<DocumentType, string> = {
  "application/pdf": "pdf",
  "image/jpeg": "jpg",
  "image/png": "png",
  "application/msword": "doc",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
  "application/vnd.oasis.opendocument.text": "odt",
};

/**
 * Licence documents kept with an author: attach, list, download, remove.
 * Files are stored once per content (`attachments/ab/<sha256>`), shared by
 * every row of that content and removed with the last of them.
 */
export class AuthorAttachmentsService {
  constructor(private readonly deps: AuthorAttachmentsDependencies) {}

  /**
   * Attaches an uploaded document. The content decides: anything but PDF,
   * JPEG, PNG, DOC, DOCX or ODT is refused and nothing stays behind (no row,
   * no stored file, no temporary file). The same content attached to this
   * author again answers the attachment already there.
   */
  async add(actor: Actor, authorId: string, upload: UploadSource): Promise<AuthorAttachment> {
    assertMayEditCatalog(actor);
    // Before the file is received: a refused upload is not stored even for a moment.
    if (!(await findEntry(this.deps.db, "author", authorId))) {
      throw catalogErrors.entryNotFound("author");
    }
    const maxBytes = AUTHOR_ATTACHMENTS.maxMb * 1024 * 1024;
    const file = await upload({ maxBytes, tooLargeReason: catalogErrors.attachmentTooLarge() });
    try {
      if (file.size === 0) throw catalogErrors.emptyAttachment();
      const contentType = await detectDocumentType(file.path, file.size);
      if (!contentType) throw catalogErrors.unsupportedAttachment();
      return presentAttachment(await this.store(authorId, file, contentType));
    } finally {
      await file.discard();
    }
  }

  /** Stores the file under its content's key and inserts the row, or undoes the file. */
  private async store(
    authorId: string,
    file: SpooledUpload,
    contentType: DocumentType,
  ): Promise<AttachmentRow> {
    const { db, files } = this.deps;
    const storageKey = contentKey("attachments", file.sha256);
    try {
      return await db.transaction(async (tx) => {
        // The author stays until the row is in: its removal would miss this file.
        if (!(await lockEntry(tx, "author", authorId))) {
          throw catalogErrors.entryNotFound("author");
        }
        const known = await findAttachmentByHash(tx, authorId, file.sha256);
        if (known) return known;
        await lockStorageKey(tx, storageKey);
        if (!(await files.exists(storageKey))) {
          await files.putFile(storageKey, file.path, contentType);
        }
        return insertAttachment(tx, {
          authorId,
          storageKey,
          contentHash: file.sha256,
          fileName: cleanFileName(file.filename, contentType),
          contentType,
          sizeBytes: file.size,
        });
      });
    } catch (error) {
      // No row came of it: the file stays only if another row keeps the same content.
      await db.transaction((tx) => forgetDocumentsIfUnused(tx, files, [storageKey]));
      throw error;
    }
  }

  /** An author's documents, oldest first; staff only. */
  async list(actor: Actor, authorId: string): Promise<AuthorAttachment[]> {
    assertMayReadAuthorDocuments(actor);
    if (!(await findEntry(this.deps.db, "author", authorId))) {
      throw catalogErrors.entryNotFound("author");
    }
    return (await listAttachments(this.deps.db, authorId)).map(presentAttachment);
  }

  /** Sends one document as a download under the name it was uploaded with; staff only. */
  async send(
    actor: Actor,
    authorId: string,
    attachmentId: string,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<FastifyReply> {
    assertMayReadAuthorDocuments(actor);
    const row = await findAttachment(this.deps.db, authorId, attachmentId);
    if (!row) throw await this.missing(authorId);
    reply.header("content-disposition", contentDisposition(row.fileName));
    try {
      return await sendStoredFile(this.deps.files, request, reply, {
        key: row.storageKey,
        size: row.sizeBytes,
        contentType: row.contentType,
        etag: row.contentHash,
        // An attachment id always means the same bytes.
        caching: "immutable",
      });
    } catch (error) {
      // An error answer is JSON to read, not a file to save.
      reply.removeHeader("content-disposition");
      throw error;
    }
  }

  /** Removes one document: its row, and its file unless another row keeps the same content. */
  async remove(actor: Actor, authorId: string, attachmentId: string): Promise<void> {
    assertMayEditCatalog(actor);
    const { db, files } = this.deps;
    const removed = await db.transaction(async (tx) => {
      const storageKey = await deleteAttachment(tx, authorId, attachmentId);
      if (storageKey) await forgetDocumentsIfUnused(tx, files, [storageKey]);
      return storageKey !== undefined;
    });
    if (!removed) throw await this.missing(authorId);
  }

  /** The 404 of a document that is not there: of the author, or of the document. */
  private async missing(authorId: string) {
    return (await findEntry(this.deps.db, "author", authorId))
      ? catalogErrors.attachmentNotFound()
      : catalogErrors.entryNotFound("author");
  }
}

/**
 * Removes the stored documents under these keys that no attachment row
 * keeps any more. Runs in the transaction that deleted the rows, holding
 * each key's lock, so that a document being attached with the same content
 * meanwhile either waits or keeps its file.
 */
export async function forgetDocumentsIfUnused(
  tx: Executor,
  files: FileStore,
  keys: readonly string[],
): Promise<void> {
  // One order for every transaction: two removals never wait on each other's keys.
  for (const key of [...keys].sort()) {
    await lockStorageKey(tx, key);
    if ((await countAttachmentsWithKey(tx, key)) === 0) await files.remove(key);
  }
}

/** What leaves the server of an attachment row. */
function presentAttachment(row: AttachmentRow): AuthorAttachment {
  return {
    id: row.id,
    fileName: row.fileName,
    contentType: row.contentType as DocumentType,
    sizeBytes: row.sizeBytes,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The uploaded name without folders or control characters; a nameless file is named by its type. */
function cleanFileName(uploaded: string, contentType: DocumentType): string {
  const base = uploaded.split(/[/\\]/).pop() ?? "";
  const clean = base
    .replace(/\p{Cc}/gu, "")
    .trim()
    .slice(0, 255);
  return clean || `document.${EXTENSIONS[contentType]}`;
}

/**
 * RFC 6266: `filename` for old clients (ASCII, unsafe characters as `_`),
 * `filename*` with the real name in UTF-8 for everyone else.
 */
function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\%]/g, "_");
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
