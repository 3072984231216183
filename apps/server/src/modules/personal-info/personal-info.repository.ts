import { and, arrayContains, eq } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { users } from "../../db/schema.ts";

/** SQL of profiles: the personal fields of a users row. */

export type ProfileRow = typeof users.$inferSelect;

export interface ProfileFields {
  type: string;
  lastName: string;
  firstName: string;
  patronymic: string | null;
  contactPhone: string | null;
  contactEmail: string | null;
  company: string | null;
}

export async function findProfile(db: Executor, userId: string): Promise<ProfileRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}

/**
 * Stores a first profile and moves the account on to `authority`, only
 * while the account still holds `fromRole` (two tabs may submit at once);
 * undefined when it no longer does.
 */
export async function completeProfile(
  db: Executor,
  userId: string,
  fromRole: string,
  fields: ProfileFields,
  authority: string[],
  at: Date,
): Promise<ProfileRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...fields, authority, agreementAcceptedAt: at, updatedAt: at })
    .where(and(eq(users.id, userId), arrayContains(users.authority, [fromRole])))
    .returning();
  return row;
}

export async function updateAgreement(
  db: Executor,
  userId: string,
  authority: string[],
  at: Date,
): Promise<void> {
  await db
    .update(users)
    .set({ authority, agreementAcceptedAt: at, updatedAt: at })
    .where(eq(users.id, userId));
}
