import { and, asc, count, desc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { anyId } from "../../db/any-id.ts";
import type { Executor } from "../../db/client.ts";
import { organizations, paymentMethods } from "../../db/schema.ts";

/** SQL of organizations and their payment methods. Every function takes the database or a transaction. */

export type OrganizationRow = typeof organizations.$inferSelect;
export type PaymentMethodRow = typeof paymentMethods.$inferSelect;

export interface OrganizationFields {
  type: string;
  company: string;
  inn: string;
  kpp: string | null;
  ogrn: string;
  address: string;
}

const live = isNull(organizations.removedAt);

/** A client's organizations, the primary first, then oldest first. */
export function listOrganizations(db: Executor, userId: string): Promise<OrganizationRow[]> {
  return db
    .select()
    .from(organizations)
    .where(and(eq(organizations.userId, userId), live))
    .orderBy(desc(organizations.primary), asc(organizations.createdAt), asc(organizations.id));
}

export async function findOrganization(
  db: Executor,
  userId: string,
  id: string,
  options: { lock?: boolean } = {},
): Promise<OrganizationRow | undefined> {
  const query = db
    .select()
    .from(organizations)
    .where(and(eq(organizations.id, id), eq(organizations.userId, userId), live));
  const [row] = options.lock ? await query.for("update") : await query;
  return row;
}

export async function findPrimaryOrganization(
  db: Executor,
  userId: string,
): Promise<OrganizationRow | undefined> {
  const [row] = await db
    .select()
    .from(organizations)
    .where(and(eq(organizations.userId, userId), eq(organizations.primary, true), live));
  return row;
}

/** Inserts an organization; undefined when the client already has one with this INN (or a primary). */
export async function insertOrganization(
  db: Executor,
  userId: string,
  fields: OrganizationFields,
  primary: boolean,
): Promise<OrganizationRow | undefined> {
  const [row] = await db
    .insert(organizations)
    .values({ userId, ...fields, primary })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** Whether another organization of the client has this INN. */
export async function innTaken(
  db: Executor,
  userId: string,
  inn: string,
  exceptId: string | null,
): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(organizations)
    .where(
      and(
        eq(organizations.userId, userId),
        eq(organizations.inn, inn),
        live,
        exceptId ? ne(organizations.id, exceptId) : undefined,
      ),
    );
  return (row?.n ?? 0) > 0;
}

export async function updateOrganization(
  db: Executor,
  id: string,
  fields: OrganizationFields,
): Promise<OrganizationRow | undefined> {
  const [row] = await db
    .update(organizations)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(organizations.id, id))
    .returning();
  return row;
}

/** Removes an organization and its payment methods from use; rows stay for history. */
export async function removeOrganization(db: Executor, id: string, at: Date): Promise<void> {
  await db
    .update(paymentMethods)
    .set({ removedAt: at })
    .where(and(eq(paymentMethods.organizationId, id), isNull(paymentMethods.removedAt)));
  await db
    .update(organizations)
    .set({ removedAt: at, primary: false, updatedAt: at })
    .where(eq(organizations.id, id));
}

export function listPaymentMethods(
  db: Executor,
  organizationIds: string[],
): Promise<PaymentMethodRow[]> {
  if (organizationIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(paymentMethods)
    .where(
      and(anyId(paymentMethods.organizationId, organizationIds), isNull(paymentMethods.removedAt)),
    )
    .orderBy(asc(paymentMethods.createdAt), asc(paymentMethods.id));
}

export async function insertPaymentMethod(
  db: Executor,
  method: typeof paymentMethods.$inferInsert,
): Promise<PaymentMethodRow> {
  const [row] = await db.insert(paymentMethods).values(method).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

/** Removes a payment method from use (the row stays for history); false when there was none. */
export async function removePaymentMethod(
  db: Executor,
  organizationId: string,
  id: string,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(paymentMethods)
    .set({ removedAt: at })
    .where(
      and(
        eq(paymentMethods.id, id),
        eq(paymentMethods.organizationId, organizationId),
        isNull(paymentMethods.removedAt),
      ),
    )
    .returning({ id: paymentMethods.id });
  return rows.length > 0;
}

export async function markPrimary(db: Executor, id: string): Promise<void> {
  await db.update(organizations).set({ primary: true }).where(eq(organizations.id, id));
}

/** Company names of organizations by id, removed ones included (subscriptions name them). */
export async function namesOf(db: Executor, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: organizations.id, company: organizations.company })
    .from(organizations)
    .where(anyId(organizations.id, ids));
  return new Map(rows.map((row) => [row.id, row.company]));
}

/** The kind of each payment method by id, removed ones included. */
export async function kindsOf(db: Executor, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: paymentMethods.id, kind: paymentMethods.kind })
    .from(paymentMethods)
    .where(anyId(paymentMethods.id, ids));
  return new Map(rows.map((row) => [row.id, row.kind]));
}

/**
 * Erases a deleted client's organizations (152-FZ): names, INN, KPP, OGRN
 * and addresses become blank, and their payment methods lose the card
 * holder and the account number; all are removed from use. Rows, kinds,
 * banks, masked cards and dates stay for the subscriptions that name them.
 */
export async function eraseOrganizationsOfUser(
  db: Executor,
  userId: string,
  at: Date,
): Promise<void> {
  const owned = db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.userId, userId));
  await db
    .update(paymentMethods)
    .set({
      cardHolder: null,
      accountNumber: null,
      removedAt: sql`coalesce(${paymentMethods.removedAt}, ${at})`,
    })
    .where(inArray(paymentMethods.organizationId, owned));
  await db
    .update(organizations)
    .set({
      company: "",
      inn: "",
      kpp: null,
      ogrn: "",
      address: "",
      primary: false,
      removedAt: sql`coalesce(${organizations.removedAt}, ${at})`,
      updatedAt: at,
    })
    .where(eq(organizations.userId, userId));
}
