import { INPUT, PAGING } from "../constants.ts";
import { defineEndpoint, okSchema, pagedSchema, uuidSchema } from "../endpoint.ts";
import { ROLES } from "../roles.ts";
import { z } from "../zod.ts";
import { emailSchema, phoneInputSchema } from "./auth.ts";

/** Personal info (profile) calls of SPEC.md §7 used by the account lifecycle. */

const nameField = z.string().trim().min(1).max(INPUT.defaultMax);

export const profileTypeSchema = z.enum(["individual", "legal"]);
export const userStatusSchema = z.enum(["active", "blocked", "deleted"]);

export const profileSchema = z
  .object({
    userId: uuidSchema,
    login: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    contactEmail: z.string().nullable(),
    lastName: z.string().nullable(),
    firstName: z.string().nullable(),
    patronymic: z.string().nullable(),
    type: profileTypeSchema.nullable(),
    imageUrl: z.string().nullable(),
    role: z.enum(ROLES),
    authority: z.array(z.string()),
    status: userStatusSchema,
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "Profile" });
export type Profile = z.infer<typeof profileSchema>;

export const createPersonalInfo = defineEndpoint({
  method: "POST",
  path: "/personal-info/create",
  summary: "Complete the profile of a new account; it then waits for activation",
  tags: ["personal-info"],
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
  tags: ["personal-info"],
  auth: "bearer",
  params: z.object({ userId: uuidSchema }),
  response: profileSchema,
});

export const signAgreement = defineEndpoint({
  method: "POST",
  path: "/personal-info/:userId/sign-agreement",
  summary: "Accept the current offer; the sign-agreement marker leaves the authority",
  tags: ["personal-info"],
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
  tags: ["personal-info"],
  auth: "bearer",
  query: z.object({
    page: z.coerce.number().int().min(0).default(0),
    count: z.coerce.number().int().min(1).max(PAGING.maxPageSize).default(PAGING.tablePageSize),
    /**
     * Case-insensitive words found in the e-mail, names or company; a query
     * of digits and phone punctuation also finds the phone by its digits.
     */
    query: z.string().trim().max(INPUT.defaultMax).optional(),
    sortBy: userSortSchema.default("registration-date"),
  }),
  response: profilePageSchema,
});
