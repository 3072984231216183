import { ACCOUNTS, INPUT, PAGING } from "../constants.ts";
import { defineEndpoint, fileAnswer, okSchema, pagedSchema, uuidSchema } from "../endpoint.ts";
import { ASSIGNABLE_ROLES, CLIENT_MANAGING_ROLES, CLIENT_READING_ROLES, ROLES } from "../roles.ts";
import { z } from "../zod.ts";
import { emailSchema, phoneInputSchema } from "./auth.ts";

/**
 * Accounts: profiles (the /personal-info calls of SPEC.md §7), roles,
 * blocking and deletion (the /auth/role and /auth/account calls).
 */

const userIdParams = z.object({ userId: uuidSchema });

const nameField = z.string().trim().min(1).max(INPUT.defaultMax);

export const profileTypeSchema = z.enum(["individual", "legal"]);
export const userStatusSchema = z.enum(["active", "blocked", "deleted"]);

/**
 * What the caller may do with an account, computed on the server by the
 * same policies that guard the calls; the web app shows only these.
 */
export const accountAbilitiesSchema = z
  .object({
    /** Change the profile (personal-info change, avatar). */
    edit: z.boolean(),
    /** Give the account another role (`assignableRoles` lists which). */
    changeRole: z.boolean(),
    assignableRoles: z.array(z.enum(ASSIGNABLE_ROLES)),
    /** The account waits for activation and the caller may make it a client. */
    activate: z.boolean(),
    block: z.boolean(),
    unblock: z.boolean(),
    delete: z.boolean(),
  })
  .meta({ id: "AccountAbilities" });
export type AccountAbilities = z.infer<typeof accountAbilitiesSchema>;

export const profileSchema = z
  .object({
    userId: uuidSchema,
    login: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    contactEmail: z.string().nullable(),
    /** The phone given for contact, beside (or instead of) the sign-in phone. */
    contactPhone: z.string().nullable(),
    company: z.string().nullable(),
    lastName: z.string().nullable(),
    firstName: z.string().nullable(),
    patronymic: z.string().nullable(),
    type: profileTypeSchema.nullable(),
    imageUrl: z.string().nullable(),
    role: z.enum(ROLES),
    authority: z.array(z.string()),
    status: userStatusSchema,
    createdAt: z.iso.datetime(),
    abilities: accountAbilitiesSchema,
  })
  .meta({ id: "Profile" });
export type Profile = z.infer<typeof profileSchema>;

export const createPersonalInfo = defineEndpoint({
  method: "POST",
  path: "/personal-info/create",
  summary: "Complete the profile of a new account; it then waits for activation",
  tags: ["accounts"],
  auth: "bearer",
  body: z.object({
    type: profileTypeSchema,
    lastName: nameField,
    firstName: nameField,
    patronymic: z.string().trim().max(INPUT.defaultMax).optional(),
    phone: phoneInputSchema.optional(),
    contactEmail: emailSchema.optional(),
    company: z.string().trim().max(INPUT.defaultMax).optional(),
    /** The offer and the personal-data agreement must be accepted. */
    agreement: z.literal(true),
  }),
  response: profileSchema,
});

export const getPersonalInfo = defineEndpoint({
  method: "GET",
  path: "/personal-info/:userId",
  summary: "A user's profile",
  tags: ["accounts"],
  auth: "bearer",
  params: z.object({ userId: uuidSchema }),
  response: profileSchema,
});

export const signAgreement = defineEndpoint({
  method: "POST",
  path: "/personal-info/:userId/sign-agreement",
  summary: "Accept the current offer; the sign-agreement marker leaves the authority",
  tags: ["accounts"],
  auth: "bearer",
  params: z.object({ userId: uuidSchema }),
  response: okSchema,
});

/** Orders of the user list; SPEC.md §9: users by registration-date (newest first) by default. */
export const userSortSchema = z.enum(["registration-date", "name", "login"]);
export type UserSort = z.infer<typeof userSortSchema>;

export const profilePageSchema = pagedSchema(profileSchema);
export type ProfilePage = z.infer<typeof profilePageSchema>;

export const listUsers = defineEndpoint({
  method: "GET",
  path: "/personal-info/users",
  summary:
    "The users of the service, a page at a time (client base: admin, client manager, support)",
  tags: ["accounts"],
  auth: "bearer",
  roles: CLIENT_READING_ROLES,
  query: z.object({
    page: z.coerce.number().int().min(0).default(0),
    count: z.coerce.number().int().min(1).max(PAGING.maxPageSize).default(PAGING.tablePageSize),
    /**
     * Case-insensitive words found in the e-mail, names or company; a query
     * of digits and phone punctuation also finds the phone by its digits.
     */
    query: z.string().trim().max(INPUT.defaultMax).optional(),
    sortBy: userSortSchema.default("registration-date"),
    /** Only accounts whose active role (or pseudo-state) is this one. */
    role: z.enum(ASSIGNABLE_ROLES).optional(),
    /**
     * Only active, only blocked, or only deleted accounts; without it, every
     * account but the deleted ones (whose personal data is erased).
     */
    status: z.enum(["active", "blocked", "deleted"]).optional(),
  }),
  response: profilePageSchema,
});

export const changeRole = defineEndpoint({
  method: "POST",
  path: "/auth/role/:userId/change",
  summary: "Give a user a new role",
  tags: ["accounts"],
  auth: "bearer",
  roles: CLIENT_MANAGING_ROLES,
  params: userIdParams,
  body: z.object({ newRole: z.enum(ASSIGNABLE_ROLES) }),
  response: z.object({ userId: uuidSchema, authority: z.array(z.string()) }),
});

export const deleteAccount = defineEndpoint({
  method: "POST",
  path: "/auth/account/:userId/delete-account",
  summary: "Delete an account: it can no longer sign in",
  tags: ["accounts"],
  auth: "bearer",
  params: userIdParams,
  response: okSchema,
});

export const blockAccount = defineEndpoint({
  method: "POST",
  path: "/auth/account/:userId/block",
  summary: "Block an account: its sessions end at once and it cannot sign in",
  tags: ["accounts"],
  auth: "bearer",
  roles: CLIENT_MANAGING_ROLES,
  params: userIdParams,
  response: okSchema,
});

export const unblockAccount = defineEndpoint({
  method: "POST",
  path: "/auth/account/:userId/unblock",
  summary: "Unblock an account: it may sign in again",
  tags: ["accounts"],
  auth: "bearer",
  roles: CLIENT_MANAGING_ROLES,
  params: userIdParams,
  response: okSchema,
});

/** The person's own fields of a profile, as a form sends them. */
const personFields = {
  lastName: nameField,
  firstName: nameField,
  patronymic: z.string().trim().max(INPUT.defaultMax).optional(),
  phone: phoneInputSchema.optional(),
  contactEmail: emailSchema.optional(),
};

export const changePersonalInfo = defineEndpoint({
  method: "POST",
  path: "/personal-info/:userId/change",
  summary:
    "Change profile fields; only the fields sent change (an empty string clears an optional one)",
  tags: ["accounts"],
  auth: "bearer",
  params: userIdParams,
  body: z
    .object({
      type: profileTypeSchema.optional(),
      lastName: nameField.optional(),
      firstName: nameField.optional(),
      patronymic: z.string().trim().max(INPUT.defaultMax).optional(),
      phone: z.union([phoneInputSchema, z.literal("")]).optional(),
      contactEmail: z.union([emailSchema, z.literal("")]).optional(),
      company: z.string().trim().max(INPUT.defaultMax).optional(),
    })
    .refine((body) => Object.keys(body).length > 0, "Нет полей для изменения"),
  response: profileSchema,
});

export const changeIndividualInfo = defineEndpoint({
  method: "POST",
  path: "/personal-info/individual-info/:userId/change",
  summary: "Replace the person's fields: names, contact phone and e-mail",
  tags: ["accounts"],
  auth: "bearer",
  params: userIdParams,
  body: z.object(personFields),
  response: profileSchema,
});

export const getAvatar = defineEndpoint({
  ...fileAnswer(ACCOUNTS.avatarType),
  path: "/personal-info/avatar-file/:userId",
  summary: "The user's avatar (404 when none); the token may be given as access_token",
  tags: ["accounts"],
  params: userIdParams,
});

export const changeAvatar = defineEndpoint({
  method: "POST",
  path: "/personal-info/avatar-file/:userId/change",
  summary: `Replace the avatar: a JPEG, PNG or WebP image, stored re-encoded at most ${ACCOUNTS.avatarSide} px a side`,
  tags: ["accounts"],
  auth: "bearer",
  params: userIdParams,
  upload: { accept: [...ACCOUNTS.avatarUploadTypes] },
  response: profileSchema,
});

export const createUser = defineEndpoint({
  method: "POST",
  path: "/auth/account/create",
  summary:
    "Create an account with a role (staff or client) for an e-mail or phone; it signs in by code",
  tags: ["accounts"],
  auth: "bearer",
  roles: CLIENT_MANAGING_ROLES,
  body: z
    .object({
      role: z.enum(ASSIGNABLE_ROLES),
      email: emailSchema.optional(),
      phone: phoneInputSchema.optional(),
      lastName: personFields.lastName,
      firstName: personFields.firstName,
      patronymic: personFields.patronymic,
      contactEmail: personFields.contactEmail,
      type: profileTypeSchema.optional(),
      company: z.string().trim().max(INPUT.defaultMax).optional(),
    })
    .refine((body) => Boolean(body.email || body.phone), {
      message: "Укажите e-mail или номер телефона",
      path: ["email"],
    }),
  response: profileSchema,
  successStatus: 201,
});

export const listCreatableRoles = defineEndpoint({
  method: "GET",
  path: "/auth/account/creatable-roles",
  summary: "The roles the caller may give a new account (create-user); empty for those who may not",
  tags: ["accounts"],
  auth: "bearer",
  response: z.object({ roles: z.array(z.enum(ASSIGNABLE_ROLES)) }),
});
