import {
  activeRole,
  digitsOnly,
  isEmailLike,
  needsAgreement,
  normalizePhone,
  type Profile,
  type ProfilePage,
  SIGN_AGREEMENT_ALIASES,
  type UserSort,
} from "@fonika/shared";
import type { Database } from "../../db/client.ts";
import { AppError, errors } from "../../lib/app-error.ts";
import { toPage } from "../../lib/paging.ts";
import type { AccessEvents, Actor } from "../../plugins/auth.ts";
import {
  assertMayCreateProfile,
  assertMayListUsers,
  assertMayReadProfile,
  assertMaySignAgreement,
} from "./personal-info.policy.ts";
import type { ProfileRow, UserSearch } from "./personal-info.repository.ts";
import * as repository from "./personal-info.repository.ts";

export interface NewProfile {
  type: "individual" | "legal";
  lastName: string;
  firstName: string;
  patronymic?: string | undefined;
  phone?: string | undefined;
  contactEmail?: string | undefined;
  company?: string | undefined;
  agreement: true;
}

export interface UserListRequest {
  /** Counts from 0. */
  page: number;
  count: number;
  query?: string | undefined;
  sortBy: UserSort;
}

/** Profiles: filling in a new account's profile, reading one, accepting the offer. */
export class PersonalInfoService {
  constructor(private readonly deps: { db: Database; accessEvents: AccessEvents }) {}

  /**
   * Stores the first profile of an edit-personal-info account and accepts
   * the offer with it; the account then waits for activation.
   */
  async create(actor: Actor, input: NewProfile): Promise<Profile> {
    assertMayCreateProfile(actor);
    let contactPhone: string | null = null;
    if (input.phone) {
      contactPhone = normalizePhone(input.phone);
      if (!contactPhone) {
        throw errors.invalidPhone();
      }
    }
    const row = await repository.completeProfile(
      this.deps.db,
      actor.userId,
      "edit-personal-info",
      {
        type: input.type,
        lastName: input.lastName,
        firstName: input.firstName,
        patronymic: input.patronymic || null,
        contactPhone,
        contactEmail: input.contactEmail?.trim().toLowerCase() || null,
        company: input.company || null,
      },
      ["wait-activation"],
      new Date(),
    );
    if (!row) {
      throw new AppError(
        "conflict",
        409,
        "Профиль уже заполнен",
        "The profile is already filled in",
      );
    }
    // The authority changed: every process must read it anew (the session stays).
    await this.deps.accessEvents.changed({ userIds: [actor.userId], endSockets: false });
    return toProfile(row);
  }

  async get(actor: Actor, userId: string): Promise<Profile> {
    assertMayReadProfile(actor, userId);
    const row = await repository.findProfile(this.deps.db, userId);
    if (!row) throw errors.notFound("User");
    return toProfile(row);
  }

  /**
   * One page of the users who are not deleted (the client base), found by
   * `query` and ordered by `sortBy`; admin, client manager and support only.
   */
  async list(actor: Actor, request: UserListRequest): Promise<ProfilePage> {
    assertMayListUsers(actor);
    const { rows, total } = await repository.listProfiles(
      this.deps.db,
      toUserSearch(request.query ?? ""),
      request.sortBy,
      { offset: request.page * request.count, limit: request.count },
    );
    return toPage(rows.map(toProfile), total, request.count);
  }

  /** Accepts the current offer: the sign-agreement marker leaves the authority. */
  async signAgreement(actor: Actor, userId: string): Promise<void> {
    assertMaySignAgreement(actor, userId);
    const row = await repository.findProfile(this.deps.db, userId);
    if (!row) throw errors.notFound("User");
    if (!needsAgreement(row.authority)) return;
    const authority = row.authority.filter(
      (entry) => !(SIGN_AGREEMENT_ALIASES as readonly string[]).includes(entry),
    );
    await repository.updateAgreement(this.deps.db, userId, authority, new Date());
    await this.deps.accessEvents.changed({ userIds: [userId], endSockets: false });
  }
}

/**
 * How a typed query finds users: every word in the e-mail, names or company;
 * a query without letters that holds digits (`+7 (999) 123-45`) also finds
 * phones by its digits only (SPEC.md §5), a full number in any spelling
 * (`8 999…`) by its normalized 11 digits. Letters keep the phone search out,
 * so that `anna2@…` does not list every phone with a 2.
 */
export function toUserSearch(query: string): UserSearch {
  const words = query.trim().split(/\s+/).filter(Boolean);
  const digits = digitsOnly(query);
  const phoneDigits =
    digits.length > 0 && !isEmailLike(query) ? (normalizePhone(query) ?? digits) : null;
  return { words, phoneDigits };
}

/**
 * What of a user leaves the server as a profile. `phone` is the sign-in
 * phone, else the contact phone; `login` the sign-in e-mail, else phone.
 */
export function toProfile(row: ProfileRow): Profile {
  return {
    userId: row.id,
    login: row.email ?? row.phone ?? "",
    email: row.email,
    phone: row.phone ?? row.contactPhone,
    contactEmail: row.contactEmail,
    lastName: row.lastName,
    firstName: row.firstName,
    patronymic: row.patronymic,
    type: row.type === "individual" || row.type === "legal" ? row.type : null,
    imageUrl: row.imageUrl,
    role: activeRole(row.authority) ?? "edit-personal-info",
    authority: row.authority,
    status: row.status === "blocked" || row.status === "deleted" ? row.status : "active",
    createdAt: row.createdAt.toISOString(),
  };
}
