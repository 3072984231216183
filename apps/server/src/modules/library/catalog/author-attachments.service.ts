import { AUTHOR_ATTACHMENTS, type AuthorAttachment } from "@fonika/shared";
import type { Actor } from "../../../kernel/actor.ts";
import type { StoredFile } from "../../../kernel/stored-file.ts";
import { contentKey, type FileStore } from "../../../storage/file-store.ts";
import type { SpooledUpload, UploadSource } from "../../../storage/upload.ts";
import type { AttachmentRow } from "../store/author-attachments.repository.ts";
import type { LibraryStore } from "../store/library.store.ts";
import { catalogErrors } from "./catalog.errors.ts";
import { assertMayEditCatalog, assertMayReadAuthorDocuments } from "./catalog.policy.ts";
import { type DocumentType, detectDocumentType } from "./document-file.ts";

export interface AuthorAttachmentsDependencies {
  store: LibraryStore;
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
  private readonly store: LibraryStore;

  constructor(private readonly deps: AuthorAttachmentsDependencies) {
    this.store = deps.store;
  }

  /**
   * Attaches an uploaded document. The content decides: anything but PDF,
   * JPEG, PNG, DOC, DOCX or ODT is refused and nothing stays behind (no row,
   * no stored file, no temporary file). The same content attached to this
   * author again answers the attachment already there.
   */
  async add(actor: Actor, authorId: string, upload: UploadSource): Promise<AuthorAttachment> {
    assertMayEditCatalog(actor);
    // Before the file is received: a refused upload is not stored even for a moment.
    if (!(await this.store.catalog.findEntry("author", authorId))) {
      throw catalogErrors.entryNotFound("author");
    }
    const maxBytes = AUTHOR_ATTACHMENTS.maxMb * 1024 * 1024;
    const file = await upload({ maxBytes, tooLargeReason: catalogErrors.attachmentTooLarge() });
    try {
      if (file.size === 0) throw catalogErrors.emptyAttachment();
      const contentType = await detectDocumentType(file.path, file.size);
      if (!contentType) throw catalogErrors.unsupportedAttachment();
      return presentAttachment(await this.storeDocument(authorId, file, contentType));
    } finally {
      await file.discard();
    }
  }

  /** Stores the file under its content's key and inserts the row, or undoes the file. */
  private async storeDocument(
    authorId: string,
    file: SpooledUpload,
    contentType: DocumentType,
  ): Promise<AttachmentRow> {
    const { files } = this.deps;
    const db = this.store;
    const storageKey = contentKey("attachments", file.sha256);
    try {
      return await db.withTx(async (tx) => {
        // The author stays until the row is in: its removal would miss this file.
        if (!(await tx.catalog.lockEntry("author", authorId))) {
          throw catalogErrors.entryNotFound("author");
        }
        const known = await tx.authorAttachments.findAttachmentByHash(authorId, file.sha256);
        if (known) return known;
        await tx.authorAttachments.lockStorageKey(storageKey);
        if (!(await files.exists(storageKey))) {
          await files.putFile(storageKey, file.path, contentType);
        }
        return tx.authorAttachments.insertAttachment({
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
      await db.withTx((tx) => forgetDocumentsIfUnused(tx, files, [storageKey]));
      throw error;
    }
  }

  /** An author's documents, oldest first; staff only. */
  async list(actor: Actor, authorId: string): Promise<AuthorAttachment[]> {
    assertMayReadAuthorDocuments(actor);
    if (!(await this.store.catalog.findEntry("author", authorId))) {
      throw catalogErrors.entryNotFound("author");
    }
    return (await this.store.authorAttachments.listAttachments(authorId)).map(presentAttachment);
  }

  /** One document, for a download under the name it was uploaded with; staff only. */
  async documentFile(actor: Actor, authorId: string, attachmentId: string): Promise<StoredFile> {
    assertMayReadAuthorDocuments(actor);
    const row = await this.store.authorAttachments.findAttachment(authorId, attachmentId);
    if (!row) throw await this.missing(authorId);
    return {
      key: row.storageKey,
      size: row.sizeBytes,
      contentType: row.contentType,
      etag: row.contentHash,
      // An attachment id always means the same bytes.
      caching: "immutable",
      disposition: { type: "attachment", fileName: row.fileName },
    };
  }

  /** Removes one document: its row, and its file unless another row keeps the same content. */
  async remove(actor: Actor, authorId: string, attachmentId: string): Promise<void> {
    assertMayEditCatalog(actor);
    const { files } = this.deps;
    const db = this.store;
    const removed = await db.withTx(async (tx) => {
      const storageKey = await tx.authorAttachments.deleteAttachment(authorId, attachmentId);
      if (storageKey) await forgetDocumentsIfUnused(tx, files, [storageKey]);
      return storageKey !== undefined;
    });
    if (!removed) throw await this.missing(authorId);
  }

  /** The 404 of a document that is not there: of the author, or of the document. */
  private async missing(authorId: string) {
    return (await this.store.catalog.findEntry("author", authorId))
      ? catalogErrors.attachmentNotFound()
      : catalogErrors.entryNotFound("author");
  }
}

/**
 * Removes the stored documents under these keys that no attachment row
 * nor licence (issue 32: the same store of documents) keeps any more. Runs in the transaction that deleted the rows, holding
 * each key's lock, so that a document being attached with the same content
 * meanwhile either waits or keeps its file.
 */
export async function forgetDocumentsIfUnused(
  tx: LibraryStore,
  files: FileStore,
  keys: readonly string[],
): Promise<void> {
  // One order for every transaction: two removals never wait on each other's keys.
  for (const key of [...keys].sort()) {
    await tx.authorAttachments.lockStorageKey(key);
    const keeping =
      (await tx.authorAttachments.countAttachmentsWithKey(key)) +
      (await tx.licences.countLicencesWithKey(key));
    if (keeping === 0) await files.remove(key);
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
