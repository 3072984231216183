import { SIGN_AGREEMENT_ALIASES, type UserSort } from "@fonika/shared";
import {
  and,
  arrayContains,
  arrayOverlaps,
  asc,
  count,
  desc,
  eq,
  ilike,
  like,
  ne,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { anyId } from "../../db/any-id.ts";
import type { Executor } from "../../db/client.ts";
import { containsPattern } from "../../db/like.ts";
import { prepared } from "../../db/prepared.ts";
import { users } from "../../db/schema.ts";

/**
 * SQL of the accounts module, the one owner of the users table: users as
 * sign-in identities (found by address, created at first sign-in), their
 * roles and status, and their profiles. Every function takes the database
 * or a transaction; none decides anything.
 */

export type UserRow = typeof users.$inferSelect;
/** The sign-in channel an address belongs to. */
export type Channel = "email" | "phone";

export interface NewUser {
  email?: string | null;
  phone?: string | null;
  authority: string[];
  status?: string;
}

/** The user with this sign-in address, whatever its status. */
export async function findUserByAddress(
  db: Executor,
  channel: Channel,
  address: string,
): Promise<UserRow | undefined> {
  const column = channel === "email" ? users.email : users.phone;
  const [user] = await db.select().from(users).where(eq(column, address));
  return user;
}

export async function findUserById(db: Executor, userId: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  return user;
}

/**
 * Inserts a user unless one already holds its e-mail or phone (two servers
 * may sign the same new address in at once); answers the stored row.
 */
export async function insertUserIfAbsent(db: Executor, user: NewUser): Promise<UserRow> {
  const [inserted] = await db.insert(users).values(user).onConflictDoNothing().returning();
  if (inserted) return inserted;
  const channel: Channel = user.email ? "email" : "phone";
  const existing = await findUserByAddress(db, channel, (user.email ?? user.phone) as string);
  if (!existing) throw new Error("User insert conflicted but no user holds the address");
  return existing;
}

export async function updateUserAuthority(
  db: Executor,
  userId: string,
  authority: string[],
): Promise<void> {
  await db.update(users).set({ authority, updatedAt: new Date() }).where(eq(users.id, userId));
}

/**
 * Deletes an account the 152-FZ way: its personal data (addresses, names,
 * contacts, company, avatar) is erased; the row stays, with its id, roles
 * and dates, for what accounting keeps. `addressHash` lets a later sign-in
 * with the same address still hear that the account is deleted.
 */
export async function anonymizeDeletedUser(
  db: Executor,
  userId: string,
  addressHash: string | null,
  at: Date,
): Promise<void> {
  await db
    .update(users)
    .set({
      status: "deleted",
      deletedAt: at,
      updatedAt: at,
      deletedAddressHash: addressHash,
      email: null,
      phone: null,
      lastName: null,
      firstName: null,
      patronymic: null,
      contactEmail: null,
      contactPhone: null,
      company: null,
      avatarKey: null,
      avatarSize: null,
    })
    .where(eq(users.id, userId));
}

/** The deleted account that signed in with an address of this keyed hash. */
export async function findDeletedUserByAddressHash(
  db: Executor,
  addressHash: string,
): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(users.deletedAddressHash, addressHash))
    .limit(1);
  return user;
}

export async function updateUserStatus(
  db: Executor,
  userId: string,
  status: "active" | "blocked",
): Promise<void> {
  await db.update(users).set({ status, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** Inserts the bootstrap admin unless a user already has the e-mail; true when inserted. */
export async function insertAdminIfAbsent(db: Executor, email: string): Promise<boolean> {
  const rows = await db
    .insert(users)
    .values({ email, authority: ["role-admin"] })
    .onConflictDoNothing()
    .returning({ id: users.id });
  return rows.length > 0;
}

/** The columns a profile is made of (toProfile); nothing else is read. */
const profileColumns = {
  id: users.id,
  email: users.email,
  phone: users.phone,
  contactPhone: users.contactPhone,
  contactEmail: users.contactEmail,
  lastName: users.lastName,
  firstName: users.firstName,
  patronymic: users.patronymic,
  type: users.type,
  company: users.company,
  avatarKey: users.avatarKey,
  avatarSize: users.avatarSize,
  authority: users.authority,
  status: users.status,
  createdAt: users.createdAt,
};

export type ProfileRow = Pick<typeof users.$inferSelect, keyof typeof profileColumns>;

export interface ProfileFields {
  type: string | null;
  lastName: string;
  firstName: string;
  patronymic: string | null;
  contactPhone: string | null;
  contactEmail: string | null;
  company: string | null;
}

/** The hot read of every profile screen: prepared once per database handle. */
export async function findProfile(db: Executor, userId: string): Promise<ProfileRow | undefined> {
  const statement = prepared(db, "personal_info_find_profile", (handle) =>
    handle
      .select(profileColumns)
      .from(users)
      .where(eq(users.id, sql.placeholder("userId")))
      .prepare("personal_info_find_profile"),
  );
  const [row] = await statement.execute({ userId });
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
    .returning(profileColumns);
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

/** What a profile change sets; absent fields stay. */
export type ProfileChange = Partial<
  ProfileFields & { avatarKey: string | null; avatarSize: number | null }
>;

/** Changes a live account's profile; undefined when there is none. */
export async function updateProfile(
  db: Executor,
  userId: string,
  change: ProfileChange,
  at: Date,
): Promise<ProfileRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...change, updatedAt: at })
    .where(and(eq(users.id, userId), ne(users.status, "deleted")))
    .returning(profileColumns);
  return row;
}

/** How many accounts show this stored avatar (equal images are one file). */
export async function countUsersWithAvatar(db: Executor, avatarKey: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.avatarKey, avatarKey));
  return row?.n ?? 0;
}

/**
 * Inserts an account made by staff with its role and profile; undefined
 * when another account already signs in with its e-mail or phone.
 */
export async function insertUser(
  db: Executor,
  user: NewUser & Partial<ProfileFields>,
): Promise<ProfileRow | undefined> {
  const [row] = await db.insert(users).values(user).onConflictDoNothing().returning(profileColumns);
  return row;
}

/** What the user list looks for; every word must be found, or the phone digits. */
export interface UserSearch {
  /** Each word is found, case-insensitively, in the e-mail, a name or the company. */
  words: string[];
  /** Digits found in the sign-in or contact phone (stored as digits only). */
  phoneDigits: string | null;
  /** Only accounts whose active role is this one. */
  role?: string | undefined;
  /** Without it, every account but the deleted ones. */
  status?: "active" | "blocked" | "deleted" | undefined;
}

function matchesWord(word: string): SQL | undefined {
  const pattern = containsPattern(word);
  return or(
    ilike(users.email, pattern),
    ilike(users.contactEmail, pattern),
    ilike(users.lastName, pattern),
    ilike(users.firstName, pattern),
    ilike(users.patronymic, pattern),
    ilike(users.company, pattern),
  );
}

/**
 * The active role of a users row in SQL, as activeRole() reads it: the
 * first entry of the authority that is not the sign-agreement marker.
 */
function activeRoleOf(): SQL {
  const markers = sql.join(
    SIGN_AGREEMENT_ALIASES.map((marker) => sql`${marker}`),
    sql`, `,
  );
  return sql`(select entry from unnest(${users.authority}) with ordinality as a(entry, position) where entry not in (${markers}) order by position limit 1)`;
}

function userListFilter(search: UserSearch): SQL | undefined {
  const byWords = search.words.length > 0 ? and(...search.words.map(matchesWord)) : undefined;
  const byPhone = search.phoneDigits
    ? or(
        like(users.phone, containsPattern(search.phoneDigits)),
        like(users.contactPhone, containsPattern(search.phoneDigits)),
      )
    : undefined;
  const matches = byWords && byPhone ? or(byWords, byPhone) : (byWords ?? byPhone);
  return and(
    search.status ? eq(users.status, search.status) : ne(users.status, "deleted"),
    search.role ? sql`${activeRoleOf()} = ${search.role}` : undefined,
    matches,
  );
}

/** Ends with the id so that equal keys keep one order from page to page. */
const USER_ORDER: Record<UserSort, SQL[]> = {
  "registration-date": [desc(users.createdAt), desc(users.id)],
  name: [
    sql`lower(${users.lastName}) asc nulls last`,
    sql`lower(${users.firstName}) asc nulls last`,
    sql`lower(${users.patronymic}) asc nulls last`,
    asc(users.id),
  ],
  login: [sql`coalesce(${users.email}, ${users.phone}) asc nulls last`, asc(users.id)],
};

/** One page of the users that match `search` (deleted ones only when asked), and how many match. */
export async function listProfiles(
  db: Executor,
  search: UserSearch,
  sortBy: UserSort,
  page: { offset: number; limit: number },
): Promise<{ rows: ProfileRow[]; total: number }> {
  const filter = userListFilter(search);
  const rows = await db
    .select(profileColumns)
    .from(users)
    .where(filter)
    .orderBy(...USER_ORDER[sortBy])
    .limit(page.limit)
    .offset(page.offset);
  const [counted] = await db.select({ total: count() }).from(users).where(filter);
  return { rows, total: counted?.total ?? 0 };
}

/** What a user is named by in other modules' lists. */
export interface NameRow {
  id: string;
  lastName: string | null;
  firstName: string | null;
  patronymic: string | null;
  email: string | null;
  phone: string | null;
  status: string;
}

/** The name columns of these users. */
export async function namesOf(db: Executor, userIds: string[]): Promise<NameRow[]> {
  if (userIds.length === 0) return [];
  return db.select(nameColumns).from(users).where(anyId(users.id, userIds));
}

/** The authority and status of these users: where each stands on the way to be a client. */
export async function accessOf(
  db: Executor,
  userIds: string[],
): Promise<Array<{ id: string; authority: string[]; status: string }>> {
  if (userIds.length === 0) return [];
  return db
    .select({ id: users.id, authority: users.authority, status: users.status })
    .from(users)
    .where(anyId(users.id, userIds));
}

/** What a person's shown name is made of (NameRow). */
const nameColumns = {
  id: users.id,
  lastName: users.lastName,
  firstName: users.firstName,
  patronymic: users.patronymic,
  email: users.email,
  phone: users.phone,
  status: users.status,
};

/**
 * The active users holding any of these roles in their authority, with
 * their name columns (support's assignees).
 */
export async function activeWithRoles(
  db: Executor,
  roles: readonly string[],
): Promise<Array<NameRow & { authority: string[] }>> {
  if (roles.length === 0) return [];
  return db
    .select({ ...nameColumns, authority: users.authority })
    .from(users)
    .where(and(eq(users.status, "active"), arrayOverlaps(users.authority, [...roles])));
}

/** Ids of the users (not deleted, unless asked) that the user list's search finds, at most `limit`. */
export async function idsMatching(
  db: Executor,
  search: UserSearch,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(userListFilter(search))
    .limit(limit);
  return rows.map((row) => row.id);
}
