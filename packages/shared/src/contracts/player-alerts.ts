import { defineEndpoint, uuidSchema } from "../endpoint.ts";
import { CLIENT_READING_ROLES } from "../roles.ts";
import { z } from "../zod.ts";

/**
 * Players' silence alerts (issue 14): a player that should play by its
 * schedule but has been offline or silent for `PLAYER_ALERTS.silenceMinutes`
 * raises an alert for its owner (an e-mail and a badge in the web app); it
 * clears itself when music plays again or the schedule stops asking for
 * music. A pause its owner commanded is silence by choice and raises none.
 */

export const PLAYER_ALERTS = {
  /** How long a scheduled silence lasts before it is an alert. */
  silenceMinutes: 5,
} as const;

/** An open silence alert of one of the owner's players. */
export const playerAlertSchema = z
  .object({
    id: uuidSchema,
    playerId: uuidSchema,
    playerName: z.string(),
    establishmentId: uuidSchema,
    establishmentName: z.string(),
    /** The IANA zone of the establishment: "since" is read in it. */
    timeZone: z.string(),
    /** Since when the player is silent while its schedule asks for music. */
    silentSince: z.iso.datetime(),
    /** When the silence became an alert (its owner was mailed). */
    raisedAt: z.iso.datetime(),
    /**
     * Its device is not in touch now: it may be playing from its memory
     * (a box, a web player offline, up to 7 days) or be off — the server
     * cannot tell which (issue 31).
     */
    outOfTouch: z.boolean(),
  })
  .meta({ id: "PlayerAlert" });
export type PlayerAlert = z.infer<typeof playerAlertSchema>;

export const listPlayerAlerts = defineEndpoint({
  method: "GET",
  path: "/music/player/alerts",
  summary:
    "The open silence alerts of a client's players, oldest first: the caller's own, or (staff who see clients) those of `userId`",
  tags: ["players"],
  auth: "bearer",
  roles: ["role-client", ...CLIENT_READING_ROLES],
  query: z.object({
    /** Whose players; a client may name only itself, staff must name a client. */
    userId: uuidSchema.optional(),
  }),
  response: z.object({ data: z.array(playerAlertSchema) }),
});
