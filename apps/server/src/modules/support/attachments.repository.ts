import { and, asc, eq, isNull, lt } from "drizzle-orm";
import { anyId } from "../../db/any-id.ts";
import type { Executor } from "../../db/client.ts";
import { supportAttachments, supportEnquiries, supportEnquiryEvents } from "../../db/schema.ts";

/** SQL of the files attached to enquiries' messages; decides nothing. */

export type AttachmentRow = typeof supportAttachments.$inferSelect;

export async function insertAttachment(
  db: Executor,
  values: typeof supportAttachments.$inferInsert,
): Promise<AttachmentRow> {
  const [row] = await db.insert(supportAttachments).values(values).returning();
  if (!row) throw new Error("attachment insert returned no row");
  return row;
}

/**
 * Puts the uploader's unused attachments in a message; answers how many
 * it took (fewer than asked: some were not theirs, or already used).
 */
export async function claimAttachments(
  db: Executor,
  ids: readonly string[],
  uploaderId: string,
  eventId: string,
): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .update(supportAttachments)
    .set({ eventId })
    .where(
      and(
        anyId(supportAttachments.id, ids),
        eq(supportAttachments.uploadedBy, uploaderId),
        isNull(supportAttachments.eventId),
      ),
    )
    .returning({ id: supportAttachments.id });
  return rows.length;
}

/** The attachments of these events, in upload order. */
export function attachmentsOfEvents(
  db: Executor,
  eventIds: readonly string[],
): Promise<AttachmentRow[]> {
  if (eventIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(supportAttachments)
    .where(anyId(supportAttachments.eventId, eventIds))
    .orderBy(asc(supportAttachments.createdAt), asc(supportAttachments.id));
}

/** An attachment with the enquiry it is in (null while unused). */
export async function findAttachment(db: Executor, id: string) {
  const [row] = await db
    .select({
      attachment: supportAttachments,
      clientId: supportEnquiries.clientId,
      topic: supportEnquiries.topic,
      state: supportEnquiries.state,
    })
    .from(supportAttachments)
    .leftJoin(supportEnquiryEvents, eq(supportEnquiryEvents.id, supportAttachments.eventId))
    .leftJoin(supportEnquiries, eq(supportEnquiries.id, supportEnquiryEvents.enquiryId))
    .where(eq(supportAttachments.id, id));
  return row;
}

/** Removes the attachments no message took since before `before`; answers their files' keys. */
export async function deleteUnusedBefore(db: Executor, before: Date): Promise<string[]> {
  const rows = await db
    .delete(supportAttachments)
    .where(and(isNull(supportAttachments.eventId), lt(supportAttachments.createdAt, before)))
    .returning({ storageKey: supportAttachments.storageKey });
  return rows.map((row) => row.storageKey);
}
