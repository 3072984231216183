import { and, asc, count, eq, sql } from "drizzle-orm";
import type { Executor } from "../../../db/client.ts";
import { authorAttachments } from "../../../db/schema.ts";

/** SQL of the documents kept with authors. */

const attachmentColumns = {
  id: authorAttachments.id,
  storageKey: authorAttachments.storageKey,
  contentHash: authorAttachments.contentHash,
  fileName: authorAttachments.fileName,
  contentType: authorAttachments.contentType,
  sizeBytes: authorAttachments.sizeBytes,
  createdAt: authorAttachments.createdAt,
};

function selectAttachments(db: Executor) {
  return db.select(attachmentColumns).from(authorAttachments);
}

export type AttachmentRow = Awaited<
  ReturnType<ReturnType<typeof selectAttachments>["execute"]>
>[number];

/** An author's documents, oldest first. */
export async function listAttachments(db: Executor, authorId: string): Promise<AttachmentRow[]> {
  return selectAttachments(db)
    .where(eq(authorAttachments.authorId, authorId))
    .orderBy(asc(authorAttachments.createdAt), asc(authorAttachments.id));
}

export async function findAttachment(
  db: Executor,
  authorId: string,
  attachmentId: string,
): Promise<AttachmentRow | undefined> {
  const [row] = await selectAttachments(db).where(
    and(eq(authorAttachments.authorId, authorId), eq(authorAttachments.id, attachmentId)),
  );
  return row;
}

/** The author's document of this content, if it has one. */
export async function findAttachmentByHash(
  db: Executor,
  authorId: string,
  contentHash: string,
): Promise<AttachmentRow | undefined> {
  const [row] = await selectAttachments(db)
    .where(
      and(eq(authorAttachments.authorId, authorId), eq(authorAttachments.contentHash, contentHash)),
    )
    .orderBy(asc(authorAttachments.createdAt))
    .limit(1);
  return row;
}

export type NewAttachment = typeof authorAttachments.$inferInsert;

export async function insertAttachment(
  db: Executor,
  attachment: NewAttachment,
): Promise<AttachmentRow> {
  const [row] = await db.insert(authorAttachments).values(attachment).returning(attachmentColumns);
  if (!row) throw new Error("An attachment insert returned no row");
  return row;
}

/** Deletes one document row; its storage key, or undefined when there was none. */
export async function deleteAttachment(
  db: Executor,
  authorId: string,
  attachmentId: string,
): Promise<string | undefined> {
  const [row] = await db
    .delete(authorAttachments)
    .where(and(eq(authorAttachments.authorId, authorId), eq(authorAttachments.id, attachmentId)))
    .returning({ storageKey: authorAttachments.storageKey });
  return row?.storageKey;
}

/** The distinct storage keys of an author's documents. */
export async function listAttachmentKeys(db: Executor, authorId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ storageKey: authorAttachments.storageKey })
    .from(authorAttachments)
    .where(eq(authorAttachments.authorId, authorId));
  return rows.map((row) => row.storageKey);
}

/** How many document rows (of any author) keep this stored file. */
export async function countAttachmentsWithKey(db: Executor, storageKey: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(authorAttachments)
    .where(eq(authorAttachments.storageKey, storageKey));
  return row?.value ?? 0;
}

/**
 * Holds a lock on one stored file's key until the transaction ends, so that
 * storing it for a new row and removing it for its last row never interleave.
 */
export async function lockStorageKey(db: Executor, storageKey: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${storageKey}, 0))`);
}
