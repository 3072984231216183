import { readFile } from "node:fs/promises";
import {
  ACCOUNTS,
  type AssignableRole,
  activeRole,
  digitsOnly,
  endpointPath,
  getAvatar,
  isEmailLike,
  needsAgreement,
  normalizePhone,
  type Profile,
  type ProfilePage,
  SIGN_AGREEMENT_ALIASES,
  type UserSort,
} from "@fonika/shared";
import type { AccessEvents, Actor } from "../../kernel/actor.ts";
import type { StoredFile } from "../../kernel/stored-file.ts";
import { errors } from "../../lib/app-error.ts";
import { BusCache } from "../../lib/bus-cache.ts";
import { toPage } from "../../lib/paging.ts";
import type { FileStore } from "../../storage/file-store.ts";
import { storeResizedImage } from "../../storage/images.ts";
import type { UploadSource } from "../../storage/upload.ts";
import { accountErrors } from "./accounts.errors.ts";
import {
  accountAbilities,
  assertMayCreateProfile,
  assertMayEditProfile,
  assertMayListUsers,
  assertMayReadProfile,
  assertMaySignAgreement,
} from "./accounts.policy.ts";
import type { ProfileChange, ProfileRow, UserSearch } from "./accounts.repository.ts";
import type { AccountsStore } from "./accounts.store.ts";

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

/** Profile fields as a change sends them: absent stays, "" clears an optional one. */
export interface ProfileFieldsChange {
  type?: "individual" | "legal" | undefined;
  lastName?: string | undefined;
  firstName?: string | undefined;
  patronymic?: string | undefined;
  phone?: string | undefined;
  contactEmail?: string | undefined;
  company?: string | undefined;
}

export interface UserListRequest {
  /** Counts from 0. */
  page: number;
  count: number;
  query?: string | undefined;
  sortBy: UserSort;
  role?: AssignableRole | undefined;
  /** Without it, every account but the deleted ones. */
  status?: "active" | "blocked" | "deleted" | undefined;
}

export interface ProfileServiceDependencies {
  store: AccountsStore;
  accessEvents: AccessEvents;
  files: FileStore;
}

/**
 * Profiles: filling in a new account's profile, reading and changing one,
 * the avatar, accepting the offer, and the users list of the client base.
 * Every profile leaves with what its reader may do with it (`abilities`).
 */
export class ProfileService {
  /**
   * Profiles read lately, forgotten on every access-changed event that names
   * their user (every change of a profile publishes one): reading a profile
   * costs no database round trip.
   */
  private readonly profiles: BusCache<ProfileRow>;

  constructor(private readonly deps: ProfileServiceDependencies) {
    this.profiles = new BusCache({ load: (userId) => deps.store.accounts.findProfile(userId) });
  }

  /** Forgets the profiles of these users (an access-changed event named them). */
  forgetProfiles(userIds: readonly string[]): void {
    this.profiles.forget(userIds);
  }

  /** Forgets every profile (the bus may have missed events). */
  forgetAllProfiles(): void {
    this.profiles.clear();
  }

  /**
   * Stores the first profile of an edit-personal-info account and accepts
   * the offer with it; the account then waits for activation.
   */
  async create(actor: Actor, input: NewProfile): Promise<Profile> {
    assertMayCreateProfile(actor);
    const row = await this.deps.store.accounts.completeProfile(
      actor.userId,
      "edit-personal-info",
      {
        type: input.type,
        lastName: input.lastName,
        firstName: input.firstName,
        patronymic: input.patronymic || null,
        contactPhone: contactPhoneOf(input.phone),
        contactEmail: contactEmailOf(input.contactEmail),
        company: input.company || null,
      },
      ["wait-activation"],
      new Date(),
    );
    if (!row) throw accountErrors.profileFilled();
    // The authority changed: every process must read it anew (the session stays).
    await this.deps.accessEvents.changed({ userIds: [actor.userId], endSockets: false });
    return toProfile(row, actor);
  }

  async get(actor: Actor, userId: string): Promise<Profile> {
    assertMayReadProfile(actor, userId);
    const row = await this.profiles.get(userId);
    if (!row) throw errors.notFound("User");
    return toProfile(row, actor);
  }

  /** Changes the fields sent; "" clears an optional one (patronymic, contacts, company). */
  async change(actor: Actor, userId: string, input: ProfileFieldsChange): Promise<Profile> {
    const target = await this.findEditable(actor, userId);
    const change: ProfileChange = {};
    if (input.type !== undefined) change.type = input.type;
    if (input.lastName !== undefined) change.lastName = input.lastName;
    if (input.firstName !== undefined) change.firstName = input.firstName;
    if (input.patronymic !== undefined) change.patronymic = input.patronymic || null;
    if (input.phone !== undefined) change.contactPhone = contactPhoneOf(input.phone);
    if (input.contactEmail !== undefined) change.contactEmail = contactEmailOf(input.contactEmail);
    if (input.company !== undefined) change.company = input.company || null;
    return this.save(actor, target.id, change);
  }

  /** Replaces the person's fields as a whole: what is not sent is cleared. */
  async changeIndividual(
    actor: Actor,
    userId: string,
    input: Required<Pick<ProfileFieldsChange, "lastName" | "firstName">> &
      Pick<ProfileFieldsChange, "patronymic" | "phone" | "contactEmail">,
  ): Promise<Profile> {
    const target = await this.findEditable(actor, userId);
    return this.save(actor, target.id, {
      lastName: input.lastName,
      firstName: input.firstName,
      patronymic: input.patronymic || null,
      contactPhone: contactPhoneOf(input.phone),
      contactEmail: contactEmailOf(input.contactEmail),
    });
  }

  /**
   * Replaces the avatar with an uploaded image, re-encoded as a WebP of at
   * most ACCOUNTS.avatarSide px a side; anything but an image is refused.
   */
  async changeAvatar(actor: Actor, userId: string, upload: UploadSource): Promise<Profile> {
    const target = await this.findEditable(actor, userId);
    const file = await upload({
      maxBytes: ACCOUNTS.maxAvatarMb * 1024 * 1024,
      tooLargeReason: accountErrors.avatarTooLargeReason(),
    });
    try {
      const image = await storeResizedImage(
        this.deps.files,
        "avatars",
        await readFile(file.path),
        ACCOUNTS.avatarSide,
      );
      if (!image) throw accountErrors.avatarUnsupported();
      const before = target.avatarKey;
      const profile = await this.save(actor, target.id, {
        avatarKey: image.key,
        avatarSize: image.size,
      });
      if (before && before !== image.key) await this.forgetAvatarIfUnused(before);
      return profile;
    } finally {
      await file.discard();
    }
  }

  /** The avatar, for the file answer to whoever may read the profile; 404 when there is none. */
  async avatarFile(actor: Actor, userId: string): Promise<StoredFile> {
    assertMayReadProfile(actor, userId);
    const row = await this.profiles.get(userId);
    if (!row) throw errors.notFound("User");
    if (!row.avatarKey) throw accountErrors.avatarNotFound();
    return {
      key: row.avatarKey,
      size: row.avatarSize ?? 0,
      contentType: "image/webp",
      etag: avatarVersion(row.avatarKey),
      caching: "revalidate",
    };
  }

  /**
   * One page of the users who are not deleted (the client base), found by
   * `query`, narrowed by role and status and ordered by `sortBy`; admin,
   * client manager and support only. Deleted accounts, erased but for
   * their role and dates, are listed only when `status` asks for them.
   */
  async list(actor: Actor, request: UserListRequest): Promise<ProfilePage> {
    assertMayListUsers(actor);
    const { rows, total } = await this.deps.store.accounts.listProfiles(
      { ...toUserSearch(request.query ?? ""), role: request.role, status: request.status },
      request.sortBy,
      { offset: request.page * request.count, limit: request.count },
    );
    return toPage(
      rows.map((row) => toProfile(row, actor)),
      total,
      request.count,
    );
  }

  /** Accepts the current offer: the sign-agreement marker leaves the authority. */
  async signAgreement(actor: Actor, userId: string): Promise<void> {
    assertMaySignAgreement(actor, userId);
    const row = await this.deps.store.accounts.findProfile(userId);
    if (!row) throw errors.notFound("User");
    if (!needsAgreement(row.authority)) return;
    const authority = row.authority.filter(
      (entry) => !(SIGN_AGREEMENT_ALIASES as readonly string[]).includes(entry),
    );
    await this.deps.store.accounts.updateAgreement(userId, authority, new Date());
    await this.deps.accessEvents.changed({ userIds: [userId], endSockets: false });
  }

  /** The profile the actor may change; deleted accounts are gone. */
  private async findEditable(actor: Actor, userId: string): Promise<ProfileRow> {
    const row = await this.deps.store.accounts.findProfile(userId);
    if (!row) {
      // Whoever may not read the profile learns nothing of whether it exists.
      assertMayReadProfile(actor, userId);
      throw errors.notFound("User");
    }
    assertMayEditProfile(actor, row);
    if (row.status === "deleted") throw accountErrors.accountGone();
    return row;
  }

  private async save(actor: Actor, userId: string, change: ProfileChange): Promise<Profile> {
    const row = await this.deps.store.accounts.updateProfile(userId, change, new Date());
    if (!row) throw errors.notFound("User");
    // Every process forgets the profile it read; nothing the account may do changed.
    await this.deps.accessEvents.changed({ userIds: [userId], endSockets: false });
    return toProfile(row, actor);
  }

  private async forgetAvatarIfUnused(key: string): Promise<void> {
    if ((await this.deps.store.accounts.countUsersWithAvatar(key)) === 0) {
      await this.deps.files.remove(key);
    }
  }
}

/** A contact phone as typed, normalized to 11 digits; "" or absent is none. */
function contactPhoneOf(phone: string | undefined): string | null {
  if (!phone) return null;
  const normalized = normalizePhone(phone);
  if (!normalized) throw errors.invalidPhone();
  return normalized;
}

function contactEmailOf(email: string | undefined): string | null {
  return email?.trim().toLowerCase() || null;
}

/** The avatar's version: its content hash, which its storage key ends with. */
function avatarVersion(key: string): string {
  return key.slice(key.lastIndexOf("/") + 1);
}

/**
 * How a typed query finds users: every word in the login, names or company;
 * a query without letters that holds digits (`+7 (999) 123-45`) also finds
 * phones by its digits only (SPEC.md §5), a full number in any spelling
 * (`8 999…`) by its normalized 11 digits. Letters keep the phone search out,
 * so that `anna2@…` does not list every phone with a 2.
 */
export function toUserSearch(query: string): Pick<UserSearch, "words" | "phoneDigits"> {
  const words = query.trim().split(/\s+/).filter(Boolean);
  const digits = digitsOnly(query);
  const phoneDigits =
    digits.length > 0 && !isEmailLike(query) ? (normalizePhone(query) ?? digits) : null;
  return { words, phoneDigits };
}

/**
 * What of a user leaves the server as a profile, for this reader. `phone`
 * is the sign-in phone, else the contact phone; `login` the sign-in e-mail,
 * else phone; `imageUrl` the avatar's address, versioned by its content.
 */
export function toProfile(row: ProfileRow, actor: Actor): Profile {
  return {
    userId: row.id,
    login: row.email ?? row.phone ?? "",
    email: row.email,
    phone: row.phone ?? row.contactPhone,
    contactEmail: row.contactEmail,
    contactPhone: row.contactPhone,
    company: row.company,
    lastName: row.lastName,
    firstName: row.firstName,
    patronymic: row.patronymic,
    type: row.type === "individual" || row.type === "legal" ? row.type : null,
    imageUrl: row.avatarKey
      ? `/api/v1${endpointPath(getAvatar.path, { userId: row.id })}?v=${avatarVersion(row.avatarKey).slice(0, 16)}`
      : null,
    role: activeRole(row.authority) ?? "edit-personal-info",
    authority: row.authority,
    status: row.status === "blocked" || row.status === "deleted" ? row.status : "active",
    createdAt: row.createdAt.toISOString(),
    abilities: accountAbilities(actor, row),
  };
}
