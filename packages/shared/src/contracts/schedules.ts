import { defineEndpoint, okSchema, uuidSchema } from "../endpoint.ts";
import { CLIENT_MANAGING_ROLES, CLIENT_READING_ROLES, CLIENT_STATES } from "../roles.ts";
import { WEEKDAYS, type Weekday } from "../schedule.ts";
import { compactWeekdays, SCHEDULE_TIME_PATTERN } from "../validation.ts";
import { z } from "../zod.ts";

/**
 * Players' schedules (SPEC.md §3 schedule entry, §5, §7): windows of a
 * player's playlists on weekdays, read in the establishment's time zone
 * (the rules themselves are `schedule.ts`); a fallback playlist per player
 * for the hours no window covers; what plays now and next; and a venue's
 * whole week across its players. The server's module is `players`.
 */

export const scheduleTimeSchema = z
  .string()
  .regex(SCHEDULE_TIME_PATTERN, "Некорректное время: нужно ЧЧ:ММ:СС, от 00:00:00 до 23:59:59");

/**
 * Weekdays of a window: empty entries are dropped (SPEC.md §5), repeats
 * counted once, kept in the week's order; at least one day is left.
 */
export const scheduleWeekdaysSchema = z
  .array(z.union([z.enum(WEEKDAYS), z.literal(""), z.null()]))
  .max(WEEKDAYS.length * 2)
  .transform((days): Weekday[] => {
    const named = new Set(compactWeekdays<Weekday>(days));
    return WEEKDAYS.filter((day) => named.has(day));
  })
  .refine((days) => days.length > 0, { message: "Выберите хотя бы один день недели" });

/** A window's times and days, as the owner sets them. */
export const scheduleWindowInputSchema = z.object({
  startTime: scheduleTimeSchema,
  endTime: scheduleTimeSchema,
  weekdays: scheduleWeekdaysSchema,
});

/** One window of a player's schedule. A window whose end is before its start crosses midnight; equal times: a whole day. */
export const scheduleEntrySchema = z
  .object({
    id: uuidSchema,
    playerId: uuidSchema,
    playlistId: uuidSchema,
    startTime: z.string(),
    endTime: z.string(),
    weekdays: z.array(z.enum(WEEKDAYS)),
  })
  .meta({ id: "ScheduleEntry" });
export type ScheduleEntry = z.infer<typeof scheduleEntrySchema>;

/** A window in a venue's week, with its playlist's name. */
export const weekEntrySchema = scheduleEntrySchema
  .extend({
    playlistName: z.string(),
    /** False once the owner may no longer play the playlist: the window is skipped and the player falls back. */
    playable: z.boolean(),
  })
  .meta({ id: "WeekScheduleEntry" });

export const establishmentWeekSchema = z
  .object({
    establishmentId: uuidSchema,
    /** The IANA zone every window of the venue is read in. */
    timeZone: z.string(),
    players: z.array(
      z.object({
        playerId: uuidSchema,
        name: z.string(),
        fallbackPlaylistId: uuidSchema.nullable(),
        windows: z.array(weekEntrySchema),
      }),
    ),
  })
  .meta({ id: "EstablishmentWeek" });
export type EstablishmentWeek = z.infer<typeof establishmentWeekSchema>;

export const playNowSchema = z
  .object({
    /** The playlist to play; null: silence (no window and no fallback). */
    playlistId: uuidSchema.nullable(),
    /** The window it comes from; null for the fallback or silence. */
    scheduleId: uuidSchema.nullable(),
    fallback: z.boolean(),
    /** When the answer may change: the next edge of a window, or a change of the zone's UTC offset. */
    until: z.iso.datetime(),
    timeZone: z.string(),
  })
  .meta({ id: "PlayNow" });
export type PlayNow = z.infer<typeof playNowSchema>;

export const queueSlotSchema = z.object({
  playlistId: uuidSchema.nullable(),
  scheduleId: uuidSchema.nullable(),
  fallback: z.boolean(),
  from: z.iso.datetime(),
  until: z.iso.datetime(),
});

export const playerQueueSchema = z
  .object({
    /** The playlists of the coming 24 hours in the order they play (silence left out). */
    playlistIds: z.array(uuidSchema),
    slots: z.array(queueSlotSchema),
    timeZone: z.string(),
  })
  .meta({ id: "PlayerQueue" });

/**
 * `at`: decide for another instant than now. An operator's diagnostic
 * (what did this player play at 03:00 on Sunday?), open to staff who see
 * clients only; anyone else who sends it hears 403.
 */
const atQuery = z.object({ at: z.iso.datetime().optional() });

const playerParams = z.object({ id: uuidSchema });
const playlistParams = z.object({ id: uuidSchema, playlistId: uuidSchema });
const windowParams = playlistParams.extend({ scheduleId: uuidSchema });
const changingRoles = [...CLIENT_STATES, ...CLIENT_MANAGING_ROLES];
const readingRoles = [...CLIENT_STATES, ...CLIENT_READING_ROLES];
const tags = ["schedules"];

export const listPlaylistSchedule = defineEndpoint({
  method: "GET",
  path: "/music/player/:id/playlist/:playlistId/schedule",
  summary: "The windows of a playlist on a player, in the week's order",
  tags,
  auth: "bearer",
  sessions: ["browser", "device"],
  params: playlistParams,
  response: z.object({ data: z.array(scheduleEntrySchema) }),
});

export const addPlaylistSchedule = defineEndpoint({
  method: "POST",
  path: "/music/player/:id/playlist/:playlistId/schedule/add",
  summary:
    "Add a window of a playlist put on the player (an overlap with any window of the player: 409)",
  tags,
  auth: "bearer",
  roles: changingRoles,
  params: playlistParams,
  body: scheduleWindowInputSchema,
  response: scheduleEntrySchema,
  successStatus: 201,
});

export const changePlaylistSchedule = defineEndpoint({
  method: "POST",
  path: "/music/player/:id/playlist/:playlistId/schedule/:scheduleId/change",
  summary: "Change a window's times and days (an overlap with another window of the player: 409)",
  tags,
  auth: "bearer",
  roles: changingRoles,
  params: windowParams,
  body: scheduleWindowInputSchema,
  response: scheduleEntrySchema,
});

export const removePlaylistSchedule = defineEndpoint({
  method: "POST",
  path: "/music/player/:id/playlist/:playlistId/schedule/:scheduleId/remove",
  summary: "Remove a window",
  tags,
  auth: "bearer",
  roles: changingRoles,
  params: windowParams,
  response: okSchema,
});

export const setFallbackPlaylist = defineEndpoint({
  method: "POST",
  path: "/music/player/:id/fallback",
  summary:
    "Set what a player plays when no window does: a playable playlist put on it, or null for silence",
  tags,
  auth: "bearer",
  roles: changingRoles,
  params: playerParams,
  body: z.object({ playlistId: uuidSchema.nullable() }),
  response: z.object({ fallbackPlaylistId: uuidSchema.nullable() }),
});

export const playNow = defineEndpoint({
  method: "GET",
  path: "/music/player/:id/playlist/play-now",
  summary: "What the player plays now by its schedule, and until when",
  tags,
  auth: "bearer",
  sessions: ["browser", "device"],
  params: playerParams,
  query: atQuery,
  response: playNowSchema,
});

export const playerQueue = defineEndpoint({
  method: "GET",
  path: "/music/player/:id/playlist/queue",
  summary: "The playlists the player plays over the coming 24 hours, slot by slot",
  tags,
  auth: "bearer",
  sessions: ["browser", "device"],
  params: playerParams,
  query: atQuery,
  response: playerQueueSchema,
});

export const getEstablishmentSchedule = defineEndpoint({
  method: "GET",
  path: "/music/schedule/:establishmentId",
  summary: "A venue's whole week: every player's windows with playlist names, and the venue's zone",
  tags,
  auth: "bearer",
  roles: readingRoles,
  params: z.object({ establishmentId: uuidSchema }),
  response: establishmentWeekSchema,
});

/**
 * One save of the venue's timeline: without `scheduleId` a window is added
 * (a playlist dragged onto the week), with it the window is changed (moved,
 * resized, or given another playlist of the same player).
 */
export const establishmentScheduleChangeSchema = scheduleWindowInputSchema.extend({
  scheduleId: uuidSchema.optional(),
  playerId: uuidSchema,
  playlistId: uuidSchema,
});

export const changeEstablishmentSchedule = defineEndpoint({
  method: "POST",
  path: "/music/schedule/:id/change",
  summary: "Add or change a window of a player of the venue; answers the venue's week",
  tags,
  auth: "bearer",
  roles: changingRoles,
  params: z.object({ id: uuidSchema }),
  body: establishmentScheduleChangeSchema,
  response: establishmentWeekSchema,
});

export const removeEstablishmentSchedule = defineEndpoint({
  method: "POST",
  path: "/music/schedule/:id/:scheduleId/remove",
  summary: "Remove a window of a player of the venue; answers the venue's week",
  tags,
  auth: "bearer",
  roles: changingRoles,
  params: z.object({ id: uuidSchema, scheduleId: uuidSchema }),
  response: establishmentWeekSchema,
});
