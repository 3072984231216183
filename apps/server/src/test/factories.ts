import { randomInt, randomUUID } from "node:crypto";
import type { Role, TokenPair } from "@fonika/shared";
import { eq } from "drizzle-orm";
import { establishments, users } from "../db/schema.ts";
import type { Actor } from "../kernel/actor.ts";
import { AccountsStore, type UserRow } from "../modules/accounts/accounts.ts";
import { call, type TestServer } from "./harness.ts";

/**
 * Shared test factories: accounts made directly in the database, and
 * sign-ins through the real send-code / verify-code flow with the code read
 * from the server log.
 */

const letters = "abcdefghijklmnopqrstuvwxyz";

/**
 * A fresh e-mail made of letters only, so that the code stays the only
 * 6-digit number of its log line.
 */
export function uniqueEmail(prefix = "user"): string {
  let name = "";
  for (let index = 0; index < 12; index++) name += letters[randomInt(letters.length)];
  return `${prefix}-${name}@test.fonika`;
}

/** A fresh Russian mobile number, 11 digits. */
export function uniquePhone(): string {
  return `79${String(randomInt(0, 1_000_000_000)).padStart(9, "0")}`;
}

/**
 * A random client address for X-Forwarded-For (the app trusts the proxy),
 * so that sign-ins of many tests stay under the per-IP send limit.
 */
export function randomIp(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

export interface UserOptions {
  /** The active role; ignored when `authority` is given. */
  role?: Role;
  authority?: string[];
  email?: string;
  phone?: string;
  status?: "active" | "blocked" | "deleted";
  /** Profile columns set on the new row (names, company, contacts, createdAt…). */
  profile?: Partial<Omit<UserRow, "id" | "email" | "phone" | "authority" | "status">>;
}

/** Inserts a user directly; by default an active role-client with a fresh e-mail. */
export async function createUser(server: TestServer, options: UserOptions = {}): Promise<UserRow> {
  const phone = options.phone ?? null;
  const email = options.email ?? (phone ? null : uniqueEmail(options.role ?? "user"));
  const user = await new AccountsStore(server.app.db).accounts.insertUserIfAbsent({
    email: email?.toLowerCase() ?? null,
    phone,
    authority: options.authority ?? [options.role ?? "role-client"],
    status: options.status ?? "active",
  });
  if (!options.profile || Object.keys(options.profile).length === 0) return user;
  const [row] = await server.app.db
    .update(users)
    .set(options.profile)
    .where(eq(users.id, user.id))
    .returning();
  if (!row) throw new Error("user vanished");
  return row;
}

/** Signs an e-mail in through send-code and verify-code; the account is made if new. */
export async function signIn(server: TestServer, email: string): Promise<TokenPair> {
  const headers = { "x-forwarded-for": randomIp() };
  const sent = await call(server, "POST", "/auth/email/send-code", { body: { email }, headers });
  if (sent.status !== 200)
    throw new Error(`send-code answered ${sent.status}: ${JSON.stringify(sent.body)}`);
  const code = server.lastCodeFor(email.toLowerCase());
  const verified = await call(server, "POST", "/auth/email/verify-code", {
    body: { email, code },
    headers,
  });
  if (verified.status !== 200) {
    throw new Error(`verify-code answered ${verified.status}: ${JSON.stringify(verified.body)}`);
  }
  return verified.body as TokenPair;
}

export interface SignedInUser extends TokenPair {
  id: string;
  email: string;
}

/** A user of the given role (default role-client), signed in. */
export async function createSignedInUser(
  server: TestServer,
  options: UserOptions = {},
): Promise<SignedInUser> {
  const user = await createUser(server, options);
  if (!user.email) throw new Error("createSignedInUser needs an e-mail account");
  const tokens = await signIn(server, user.email);
  return { id: user.id, email: user.email, ...tokens };
}

/** Reads a user row as the database holds it now. */
export async function readUser(server: TestServer, userId: string): Promise<UserRow | undefined> {
  const [row] = await server.app.db.select().from(users).where(eq(users.id, userId));
  return row;
}

/** Sets a user's status directly (there is no block call yet). */
export async function setUserStatus(
  server: TestServer,
  userId: string,
  status: "active" | "blocked" | "deleted",
): Promise<void> {
  await server.app.db.update(users).set({ status }).where(eq(users.id, userId));
}

/** Inserts an establishment of `userId` directly; answers its id. */
export async function createEstablishment(
  server: TestServer,
  userId: string,
  fields: { name?: string; address?: string; timeZone?: string } = {},
): Promise<string> {
  const [row] = await server.app.db
    .insert(establishments)
    .values({
      userId,
      name: fields.name ?? "Кафе «Тест»",
      address: fields.address ?? "Москва, Тестовая, 1",
      timeZone: fields.timeZone ?? "Europe/Moscow",
    })
    .returning({ id: establishments.id });
  if (!row) throw new Error("establishment insert returned no row");
  return row.id;
}

/** A venue's device as a socket's session stands for it (no player named), for services driven directly. */
export function deviceActor(ownerId: string, establishmentId: string): Actor {
  return {
    userId: ownerId,
    authority: ["player-device"],
    role: undefined,
    sessionId: randomUUID(),
    sessionKind: "device",
    establishmentId,
  };
}
