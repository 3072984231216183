import { activeRole, PLAYER_DEVICE } from "@fonika/shared";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { sessions, users } from "../db/schema.ts";
import type { AccessEvents, Actor } from "../kernel/actor.ts";
import { type AccessTokens, createAccessTokens } from "../lib/access-token.ts";
import { errors } from "../lib/app-error.ts";
import { deriveKeys, type ServerKeys } from "../lib/keys.ts";
import { type SessionState, SessionStateCache } from "../lib/session-state.ts";
import { accountRooms, sessionRoom } from "../realtime/hub.ts";

declare module "fastify" {
  interface FastifyInstance {
    keys: ServerKeys;
    accessTokens: AccessTokens;
    accessEvents: AccessEvents;
    /**
     * The actor of an access token: the token's session must stand and its
     * account be active, as known now (memory kept current by the bus), so
     * a logout, block, deletion or role change stops the token at once.
     * Throws 401 for a missing, bad or ended-session token or one of a role
     * the account no longer has, 403 for a blocked or deleted account (401
     * for a device's token: its session ended with the account).
     */
    authenticateToken(token: string | undefined): Promise<Actor>;
    /**
     * Of the given actors (of open sockets), those whose session no longer
     * admits them, read from the database now, not from memory: ended,
     * expired, gone, the account blocked or deleted, or its role changed; a
     * device's socket that stands for its whole venue once its session is
     * bound to one player.
     */
    actorsNoLongerAdmitted(actors: readonly Actor[]): Promise<Actor[]>;
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
}

/** What a session's state is read from: its row and its account's. */
const sessionStateColumns = {
  userId: sessions.userId,
  kind: sessions.kind,
  establishmentId: sessions.establishmentId,
  playerId: sessions.playerId,
  revokedAt: sessions.revokedAt,
  expiresAt: sessions.expiresAt,
  authority: users.authority,
  status: users.status,
};

function toSessionState(row: {
  userId: string;
  kind: string;
  establishmentId: string | null;
  playerId: string | null;
  revokedAt: Date | null;
  expiresAt: Date | null;
  authority: string[];
  status: string;
}): SessionState {
  return {
    userId: row.userId,
    kind: row.kind === "device" ? "device" : "browser",
    establishmentId: row.establishmentId,
    playerId: row.playerId,
    authority: row.authority,
    status: row.status,
    revoked: row.revokedAt !== null,
    expiresAt: row.expiresAt,
  };
}

/**
 * Sessions read in one query when open sockets are checked. In batches of
 * 500, 1 100 sockets' check held the event loop ~10 ms at a time (the
 * query's text and rows), delaying the commands behind it; a hundred at a
 * time, a dozen short reads every 30 s.
 */
const SESSION_CHECK_BATCH = 100;

export default fp(
  async function authPlugin(app: FastifyInstance) {
    const keys = deriveKeys(app.config.jwtSecret);
    app.decorate("keys", keys);
    app.decorate("accessTokens", createAccessTokens(keys.tokenSigning));
    app.decorateRequest("actor", null);

    // Sessions and their accounts by id: one statement for one session or a batch of them.
    const loadSessions = app.db
      .select({ id: sessions.id, ...sessionStateColumns })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(sql`${sessions.id} = any(${sql.placeholder("ids")}::uuid[])`)
      .prepare("auth_session_states");
    const readSessions = async (ids: readonly string[]) => {
      const rows = await loadSessions.execute({ ids });
      return new Map(rows.map((row) => [row.id, toSessionState(row)]));
    };

    const cache = new SessionStateCache({
      load: async (sessionId) => (await readSessions([sessionId])).get(sessionId),
      // A reconnect storm's sessions are read a batch at a time (lib/batched.ts).
      loadMany: readSessions,
    });
    app.bus.subscribe((event) => {
      if (event.kind === "access-changed") cache.forget(event.userIds, event.sessionIds);
    });
    app.bus.onGap(() => cache.clear());

    app.decorate("accessEvents", {
      changed: async ({ userIds = [], sessionIds = [], endSockets = true }) => {
        await app.bus.publish({
          kind: "access-changed",
          userIds: [...userIds],
          sessionIds: [...sessionIds],
          rooms: endSockets ? [...accountRooms(userIds), ...sessionIds.map(sessionRoom)] : [],
        });
      },
    } satisfies AccessEvents);

    app.decorate("actorsNoLongerAdmitted", async (actors: readonly Actor[]) => {
      const sessionIds = [...new Set(actors.map((actor) => actor.sessionId))];
      const standing = new Map<string, SessionState>();
      for (let start = 0; start < sessionIds.length; start += SESSION_CHECK_BATCH) {
        const read = await readSessions(sessionIds.slice(start, start + SESSION_CHECK_BATCH));
        for (const [id, state] of read) standing.set(id, state);
      }
      const now = Date.now();
      return actors.filter((actor) => {
        const state = standing.get(actor.sessionId);
        if (!state || state.userId !== actor.userId) return true;
        if (state.status !== "active" || state.revoked) return true;
        if (state.expiresAt && state.expiresAt.getTime() <= now) return true;
        // A socket let in before its session was bound to a player stood for the whole venue.
        if (state.kind === "device") {
          return state.playerId !== null && actor.playerId !== state.playerId;
        }
        return activeRole(state.authority) !== actor.role;
      });
    });

    app.decorate("authenticateToken", async (token: string | undefined): Promise<Actor> => {
      if (!token) throw errors.unauthorized("Missing bearer token");
      const claims = await app.accessTokens.verify(token);
      if (!claims) throw errors.unauthorized("Invalid or expired token");
      const state = await cache.get(claims.sessionId);
      if (!state || state.userId !== claims.userId) throw errors.unauthorized("Unknown session");
      // A device is not its owner's account: whatever ended its session (a
      // removed player, an owner blocked, deleted or no longer a client), it
      // hears that the session is over, as its refresh does, and signs in anew.
      if (state.kind === "device" && (state.revoked || state.status !== "active")) {
        throw errors.unauthorized("The device's session has ended");
      }
      if (state.status === "deleted") throw errors.accountDeleted();
      if (state.status === "blocked") throw errors.accountBlocked();
      if (state.revoked) throw errors.unauthorized("The session has ended");
      if (state.expiresAt && state.expiresAt.getTime() <= Date.now()) {
        throw errors.unauthorized("The session has expired");
      }
      const device = state.kind === "device";
      // A role change keeps the session but stops the tokens of the old
      // role at once: the client refreshes and its next token carries the
      // new one (a device's token never carries its owner's role).
      if (!device && activeRole(claims.authority) !== activeRole(state.authority)) {
        throw errors.unauthorized("The account's role has changed: refresh the token");
      }
      return {
        userId: state.userId,
        authority: device ? [PLAYER_DEVICE] : state.authority,
        role: device ? PLAYER_DEVICE : activeRole(state.authority),
        sessionId: claims.sessionId,
        sessionKind: state.kind,
        establishmentId: state.establishmentId,
        // A bound device session plays its one player, whatever it names.
        playerId: device ? state.playerId : null,
      };
    });
  },
  { name: "auth", dependencies: ["db", "bus"] },
);

/** The bearer token of a request's Authorization header, if any. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(" ");
  return scheme?.toLowerCase() === "bearer" && token ? token : undefined;
}
