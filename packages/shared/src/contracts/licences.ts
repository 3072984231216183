import { INPUT } from "../constants.ts";
import { defineEndpoint, fileAnswer, okSchema, uuidSchema } from "../endpoint.ts";
import { STAFF_ROLES } from "../roles.ts";
import { z } from "../zod.ts";
import { AUTHOR_ATTACHMENTS } from "./catalog.ts";
import { historyDateSchema } from "./history.ts";

/**
 * A copyright holder's licences (issue 32): the contract under which its
 * music plays — number, territory, period — with the signed document. A
 * holder with licences is licensed on the days one of them covers (Moscow
 * dates); the songs of a holder whose every licence ended stop playing.
 * A holder without any recorded licence is not restricted by them.
 */

export const LICENCES = {
  /** "What ends soon" looks this many days ahead by default. */
  endingWithinDays: 30,
  /** And at most this many. */
  maxEndingWithinDays: 366,
  /** The zone of a licence's dates: contracts are dated in Moscow. */
  timeZone: "Europe/Moscow",
} as const;

const dayFormat = new Intl.DateTimeFormat("en-CA", { timeZone: LICENCES.timeZone });

/** `YYYY-MM-DD` of the instant `ms` in the zone licences are dated in (Moscow). */
export function licenceDayOf(ms: number): string {
  return dayFormat.format(ms);
}

/** When the Moscow day after `day` begins (ms): Moscow keeps UTC+3 all year. */
export function licenceDayEndMs(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) + 86_400_000 - 3 * 3_600_000;
}

/** The date `days` (1) after `day` (`YYYY-MM-DD`). */
export function dayAfter(day: string, days = 1): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** A licence's period, as `licenceCoverOn` reads it. */
export interface LicencePeriod {
  startsOn: string;
  /** Null: until it is ended. */
  endsOn: string | null;
}

/**
 * What a copyright holder's licences say of its music from `day` on:
 * null when it has none (it is not restricted by them); `barred` when
 * none covers `day`; otherwise the last day of the unbroken run of
 * licences from `day` (one ending on the 31st and the next starting on
 * the 1st run on), null when the run has no end.
 */
export function licenceCoverOn(
  periods: readonly LicencePeriod[],
  day: string,
): { barred: true } | { barred: false; lastDay: string | null } | null {
  if (periods.length === 0) return null;
  const covers = (period: LicencePeriod, on: string) =>
    period.startsOn <= on && (period.endsOn === null || period.endsOn >= on);
  if (!periods.some((period) => covers(period, day))) return { barred: true };
  let lastDay = day;
  for (;;) {
    const next = dayAfter(lastDay);
    const going = periods.filter((period) => covers(period, next));
    if (going.length === 0) return { barred: false, lastDay };
    if (going.some((period) => period.endsOn === null)) return { barred: false, lastDay: null };
    lastDay = going.reduce(
      (last, period) => ((period.endsOn as string) > last ? (period.endsOn as string) : last),
      next,
    );
  }
}

export const licenceDocumentSchema = z.object({
  fileName: z.string(),
  contentType: z.enum(AUTHOR_ATTACHMENTS.mediaTypes),
  sizeBytes: z.number().int().nonnegative(),
});

export const copyrightLicenceSchema = z
  .object({
    id: uuidSchema,
    holderId: uuidSchema,
    /** The contract's number, as written on it. */
    contractNumber: z.string(),
    /** Where it lets the music play ("Российская Федерация"). */
    territory: z.string(),
    /** First day it covers, `YYYY-MM-DD`. */
    startsOn: z.string(),
    /** Last day it covers; null: until it is ended. */
    endsOn: z.string().nullable(),
    /** The signed contract's scan, once attached. */
    document: licenceDocumentSchema.nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "CopyrightLicence" });
export type CopyrightLicence = z.infer<typeof copyrightLicenceSchema>;

const text = (max: number) =>
  z
    .string()
    .transform((value) => value.replace(/\s+/g, " ").trim())
    .pipe(z.string().min(1).max(max));

const licenceFields = {
  contractNumber: text(100),
  territory: text(INPUT.defaultMax),
  startsOn: historyDateSchema,
  endsOn: historyDateSchema.nullable(),
};

function checkPeriod(
  value: { startsOn?: string; endsOn?: string | null },
  context: z.RefinementCtx,
) {
  if (value.startsOn && value.endsOn && value.endsOn < value.startsOn) {
    context.addIssue({ code: "custom", path: ["endsOn"], message: "Конец срока раньше начала" });
  }
}

export const licenceFieldsSchema = z
  .object(licenceFields)
  .strict()
  .superRefine(checkPeriod)
  .meta({ id: "CopyrightLicenceFields" });
export type LicenceFields = z.input<typeof licenceFieldsSchema>;

/** A change: fields left out stay; the period is checked with what stays (server). */
export const licenceChangeSchema = z
  .object(licenceFields)
  .partial()
  .strict()
  .superRefine(checkPeriod)
  .meta({ id: "CopyrightLicenceChange" });

/** A licence that ends soon, with whose it is and how many songs it holds up. */
export const endingLicenceSchema = z
  .object({
    licence: copyrightLicenceSchema,
    holder: z.object({ id: uuidSchema, name: z.string() }),
    /** Songs of the library (not removed) that name the holder. */
    songCount: z.number().int().nonnegative(),
    /** Whether another licence of the holder goes on after it: then nothing stops. */
    followedBy: z.boolean(),
  })
  .meta({ id: "EndingLicence" });
export type EndingLicence = z.infer<typeof endingLicenceSchema>;

const holderParams = z.object({ id: uuidSchema });
const licenceParams = z.object({ id: uuidSchema, licenceId: uuidSchema });
const tags = ["catalog"];
const contentManager = ["role-content-manager"] as const;

export const listLicences = defineEndpoint({
  method: "GET",
  path: "/music/copyright-holder/:id/licence",
  summary: "A copyright holder's licences, the latest period first (staff only)",
  tags,
  auth: "bearer",
  roles: STAFF_ROLES,
  params: holderParams,
  response: z.array(copyrightLicenceSchema),
});

export const addLicence = defineEndpoint({
  method: "POST",
  path: "/music/copyright-holder/:id/licence/add",
  summary: "Record a licence of a copyright holder: contract number, territory and period",
  tags,
  auth: "bearer",
  roles: contentManager,
  params: holderParams,
  body: licenceFieldsSchema,
  response: copyrightLicenceSchema,
  successStatus: 201,
});

export const changeLicence = defineEndpoint({
  method: "POST",
  path: "/music/copyright-holder/:id/licence/:licenceId/change",
  summary:
    "Correct a licence's number, territory or period (an end brought forward stops its songs)",
  tags,
  auth: "bearer",
  roles: contentManager,
  params: licenceParams,
  body: licenceChangeSchema,
  response: copyrightLicenceSchema,
});

export const removeLicence = defineEndpoint({
  method: "POST",
  path: "/music/copyright-holder/:id/licence/:licenceId/remove",
  summary: "Remove a licence recorded in error, with its document",
  tags,
  auth: "bearer",
  roles: contentManager,
  params: licenceParams,
  response: okSchema,
});

export const changeLicenceDocument = defineEndpoint({
  method: "POST",
  path: "/music/copyright-holder/:id/licence/:licenceId/document/change",
  summary:
    "Attach (or replace) the licence's signed document: PDF, JPEG, PNG, DOC, DOCX or ODT " +
    "(by content), at most 20 MB",
  tags,
  auth: "bearer",
  roles: contentManager,
  params: licenceParams,
  upload: { accept: [...AUTHOR_ATTACHMENTS.mediaTypes] },
  response: copyrightLicenceSchema,
});

export const getLicenceDocument = defineEndpoint({
  ...fileAnswer(AUTHOR_ATTACHMENTS.mediaTypes),
  path: "/music/copyright-holder/:id/licence/:licenceId/document",
  summary:
    "Download a licence's document (as an attachment, with its name); the token may be given as access_token",
  tags,
  roles: STAFF_ROLES,
  params: licenceParams,
});

export const listEndingLicences = defineEndpoint({
  method: "GET",
  path: "/music/copyright-licence/ending",
  summary:
    "Licences whose period ends within `days` (30) from today, soonest first, with the " +
    "holder, its songs and whether another licence follows (staff only)",
  tags,
  auth: "bearer",
  roles: STAFF_ROLES,
  query: z.object({
    days: z.coerce
      .number()
      .int()
      .min(0)
      .max(LICENCES.maxEndingWithinDays)
      .default(LICENCES.endingWithinDays),
  }),
  response: z.array(endingLicenceSchema),
});
