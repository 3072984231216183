import type { DeviceKind } from "@fonika/shared";
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { deviceCodes } from "../../db/schema.ts";

/**
 * SQL of the device flow (SPEC.md §7): codes a device shows, their
 * approval for a venue (and a web player) and their one delivery.
 */

export type DeviceCodeRow = typeof deviceCodes.$inferSelect;

export async function insertDeviceCode(
  db: Executor,
  code: {
    codeHash: string;
    kind: DeviceKind;
    ip: string;
    userAgent: string | null;
    expiresAt: Date;
  },
): Promise<string> {
  const [row] = await db.insert(deviceCodes).values(code).returning({ id: deviceCodes.id });
  if (!row) throw new Error("Device code insert returned nothing");
  return row.id;
}

/** Device codes with this hash that still wait for approval and have not expired. */
export async function findPendingDeviceCodes(
  db: Executor,
  codeHash: string,
  now: Date,
): Promise<DeviceCodeRow[]> {
  return db
    .select()
    .from(deviceCodes)
    .where(
      and(
        eq(deviceCodes.codeHash, codeHash),
        isNull(deviceCodes.approvedAt),
        gt(deviceCodes.expiresAt, now),
      ),
    );
}

/** The newest device code with this hash, whatever its state. */
export async function findLatestDeviceCodeByHash(
  db: Executor,
  codeHash: string,
): Promise<DeviceCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(deviceCodes)
    .where(eq(deviceCodes.codeHash, codeHash))
    .orderBy(desc(deviceCodes.createdAt))
    .limit(1);
  return row;
}

/** Approves a pending code; false when someone approved it first. */
export async function approveDeviceCode(
  db: Executor,
  codeId: string,
  approval: {
    approvedBy: string;
    establishmentId: string | null;
    playerId: string | null;
    approvedAt: Date;
  },
): Promise<boolean> {
  const rows = await db
    .update(deviceCodes)
    .set(approval)
    .where(and(eq(deviceCodes.id, codeId), isNull(deviceCodes.approvedAt)))
    .returning({ id: deviceCodes.id });
  return rows.length > 0;
}

export async function findDeviceCodeById(
  db: Executor,
  codeId: string,
): Promise<DeviceCodeRow | undefined> {
  const [row] = await db.select().from(deviceCodes).where(eq(deviceCodes.id, codeId));
  return row;
}

/** Marks an approved code's tokens as handed out; false when they already were. */
export async function markDeviceCodeDelivered(
  db: Executor,
  codeId: string,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(deviceCodes)
    .set({ deliveredAt: at })
    .where(and(eq(deviceCodes.id, codeId), isNull(deviceCodes.deliveredAt)))
    .returning({ id: deviceCodes.id });
  return rows.length > 0;
}
