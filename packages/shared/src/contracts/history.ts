import { PAGING } from "../constants.ts";
import {
  accessTokenQuery,
  defineEndpoint,
  fileAnswer,
  pagedSchema,
  uuidSchema,
} from "../endpoint.ts";
import { CLIENT_READING_ROLES, type Role } from "../roles.ts";
import { PLAY_ENDINGS } from "../socket.ts";
import { z } from "../zod.ts";

/**
 * Broadcast history (SPEC.md §7, CONTRACT.md Audio): every song a player
 * played, with its start, end and how it ended; per player, per
 * establishment, and a royalty report (CSV) of a period. Periods are
 * calendar days read in the venue's own time zone; instants on the wire are
 * ISO 8601 UTC. The owner and staff who read clients see it.
 */

/** Who may read a history: clients (their own players) and staff who see clients. */
export const HISTORY_ROLES: readonly Role[] = ["role-client", ...CLIENT_READING_ROLES];

export const HISTORY = {
  /** The longest period one list or report covers, in days (a year and a day: a leap year). */
  maxPeriodDays: 366,
  /** The royalty report's field separator: Russian Excel reads `;`. */
  csvSeparator: ";",
} as const;

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day `YYYY-MM-DD` that exists. */
export const historyDateSchema = z
  .string()
  .regex(DATE_PATTERN, "Дата в виде ГГГГ-ММ-ДД")
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, "Такой даты нет");

/** Days between two `YYYY-MM-DD` dates (to − from). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

const periodFields = {
  /** The first day of the period, inclusive, in the venue's time zone. */
  from: historyDateSchema.optional(),
  /** The last day of the period, inclusive, in the venue's time zone. */
  to: historyDateSchema.optional(),
};

function checkPeriod(value: { from?: string; to?: string }, context: z.RefinementCtx) {
  if (!value.from || !value.to) return;
  const days = daysBetween(value.from, value.to);
  if (days < 0) {
    context.addIssue({ code: "custom", path: ["to"], message: "Конец периода раньше начала" });
  } else if (days >= HISTORY.maxPeriodDays) {
    context.addIssue({
      code: "custom",
      path: ["to"],
      message: `Период не длиннее ${HISTORY.maxPeriodDays} дней`,
    });
  }
}

export const historyQuerySchema = z
  .object({
    ...periodFields,
    page: z.coerce.number().int().min(0).max(1_000_000).default(0),
    count: z.coerce
      .number()
      .int()
      .min(1)
      .max(PAGING.maxPageSize)
      .default(PAGING.broadcastHistoryLimit),
  })
  .superRefine(checkPeriod);
export type HistoryQuery = z.input<typeof historyQuerySchema>;

/**
 * What a royalty report's lines are (issue 32): `venues`, per song and
 * venue as the venue's owner reads it; `society`, per song with the
 * columns a Russian collecting society's music-use report asks for
 * (work, authors, performer, phonogram maker, ISRC, duration, uses).
 */
export const REPORT_FORMATS = ["venues", "society"] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

const reportPeriodFields = {
  ...accessTokenQuery,
  from: historyDateSchema,
  to: historyDateSchema,
};

/** A royalty report's period (both days required) and its format. */
export const reportQuerySchema = z
  .object({ ...reportPeriodFields, format: z.enum(REPORT_FORMATS).default("venues") })
  .superRefine(checkPeriod);

/** A period of a report that has one shape. */
export const reportPeriodQuerySchema = z.object(reportPeriodFields).superRefine(checkPeriod);

/** One play as the history shows it. */
export const playRecordSchema = z
  .object({
    id: z.string(),
    playerId: uuidSchema,
    playerName: z.string(),
    songId: uuidSchema,
    title: z.string(),
    artists: z.array(z.string()),
    playlistId: uuidSchema.nullable(),
    /** Null when the playlist is gone or was none. */
    playlistName: z.string().nullable(),
    startedAt: z.iso.datetime(),
    /** Null while it plays (or the end was never reported). */
    endedAt: z.iso.datetime().nullable(),
    /** Seconds between start and end; null while it plays. */
    durationSeconds: z.number().int().nonnegative().nullable(),
    ending: z.enum(PLAY_ENDINGS).nullable(),
    /** Played by the fallback playlist, where no window of the schedule plays. */
    fallback: z.boolean(),
    /** The venue's IANA zone when it played: times are shown in it. */
    timeZone: z.string(),
  })
  .meta({ id: "PlayRecord" });
export type PlayRecord = z.infer<typeof playRecordSchema>;

export const playHistoryPageSchema = pagedSchema(playRecordSchema);
export type PlayHistoryPage = z.infer<typeof playHistoryPageSchema>;

const tags = ["history"];
const idParams = z.object({ id: uuidSchema });

export const playerHistory = defineEndpoint({
  method: "GET",
  path: "/music/player/:id/history",
  summary: "A player's broadcast history, newest first, of a period of venue days",
  tags,
  auth: "bearer",
  roles: HISTORY_ROLES,
  params: idParams,
  query: historyQuerySchema,
  response: playHistoryPageSchema,
});

export const broadcastHistoryInfo = defineEndpoint({
  method: "GET",
  path: "/music/player/:id/broadcast-history-info",
  summary: "Ids of a player's plays, newest first; `type` keeps the plays that ended so",
  tags,
  auth: "bearer",
  roles: HISTORY_ROLES,
  params: idParams,
  query: z.object({
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(PAGING.maxPageSize)
      .default(PAGING.broadcastHistoryLimit),
    offset: z.coerce.number().int().min(0).max(100_000_000).default(0),
    type: z.enum(PLAY_ENDINGS).optional(),
  }),
  response: z.object({
    broadcastIds: z.array(z.string()),
    total: z.number().int().nonnegative(),
  }),
});

export const establishmentHistory = defineEndpoint({
  method: "GET",
  path: "/history/establishment/:id",
  summary: "An establishment's broadcast history across its players, newest first",
  tags,
  auth: "bearer",
  roles: HISTORY_ROLES,
  params: idParams,
  query: historyQuerySchema,
  response: playHistoryPageSchema.extend({ timeZone: z.string(), establishmentName: z.string() }),
});

export const REPORT_MEDIA_TYPE = "text/csv";

export const establishmentReport = defineEndpoint({
  ...fileAnswer([REPORT_MEDIA_TYPE]),
  path: "/history/establishment/:id/report.csv",
  summary:
    "Royalty report of an establishment: per song, plays and seconds of a period, or the " +
    "collecting society's columns (format=society) (CSV)",
  tags,
  roles: HISTORY_ROLES,
  params: idParams,
  query: reportQuerySchema,
});

export const allVenuesReport = defineEndpoint({
  ...fileAnswer([REPORT_MEDIA_TYPE]),
  path: "/history/report.csv",
  summary:
    "Royalty report across all venues (staff): per song and venue, or per song for a " +
    "collecting society (format=society), of a period (CSV)",
  tags,
  roles: CLIENT_READING_ROLES,
  query: reportQuerySchema,
});

export const copyrightHoldersReport = defineEndpoint({
  ...fileAnswer([REPORT_MEDIA_TYPE]),
  path: "/history/copyright-holders-report.csv",
  summary:
    "What each copyright holder's music played across all venues in a period (staff): plays, " +
    "time, songs and venues per holder, and the plays of songs without one (CSV)",
  tags,
  roles: CLIENT_READING_ROLES,
  query: reportPeriodQuerySchema,
});
