import type { UserSort } from "@fonika/shared";
import {
  and,
  arrayContains,
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
import type { Executor } from "../../db/client.ts";
import { containsPattern } from "../../db/like.ts";
import { prepared } from "../../db/prepared.ts";
import { users } from "../../db/schema.ts";

/** SQL of profiles: the personal fields of a users row. */

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
  imageUrl: users.imageUrl,
  authority: users.authority,
  status: users.status,
  createdAt: users.createdAt,
};

export type ProfileRow = Pick<typeof users.$inferSelect, keyof typeof profileColumns>;

export interface ProfileFields {
  type: string;
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

/** What the user list looks for; every word must be found, or the phone digits. */
export interface UserSearch {
  /** Each word is found, case-insensitively, in the e-mail, a name or the company. */
  words: string[];
  /** Digits found in the sign-in or contact phone (stored as digits only). */
  phoneDigits: string | null;
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

function userListFilter(search: UserSearch): SQL | undefined {
  const byWords = search.words.length > 0 ? and(...search.words.map(matchesWord)) : undefined;
  const byPhone = search.phoneDigits
    ? or(
        like(users.phone, containsPattern(search.phoneDigits)),
        like(users.contactPhone, containsPattern(search.phoneDigits)),
      )
    : undefined;
  const matches = byWords && byPhone ? or(byWords, byPhone) : (byWords ?? byPhone);
  return and(ne(users.status, "deleted"), matches);
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

/** One page of the users that are not deleted and match `search`, and how many match. */
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
