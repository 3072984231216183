import { randomUUID } from "node:crypto";
import websocket from "@fastify/websocket";
import {
  API_BASE,
  accessTokenOfProtocols,
  MESSAGES,
  PLAYER_SOCKET_PATH,
  PLAYER_SOCKET_PROTOCOL,
} from "@fonika/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { WebSocket } from "ws";
import type { Actor } from "../kernel/actor.ts";
import { AppError } from "../lib/app-error.ts";
import { batched } from "../lib/batched.ts";
import { SpreadRounds } from "../lib/spread-rounds.ts";
import type { EventBus, RealtimeMessage } from "../realtime/bus.ts";
import { FRAME_BUDGET, FrameBudget } from "../realtime/frame-budget.ts";
import { CLOSE_CODES, playerRoom, SocketHub, send, sessionRoom } from "../realtime/hub.ts";
import { SocketHandlers, type SocketRegistry } from "../realtime/socket-registry.ts";
import {
  answerPing,
  handleFrame,
  isPingFrame,
  SOCKET_ERRORS,
  type SocketSession,
} from "../realtime/socket-session.ts";

/**
 * What services use to reach sockets (every call goes through the bus),
 * and the registry the modules fill while they are built: the handlers of
 * the messages they own, the rooms and snapshot of an admitted socket,
 * presence, a device's named player.
 */
export interface Realtime extends SocketRegistry {
  /** In-process, or Redis when REDIS_URL is set. */
  readonly busKind: EventBus["kind"];
  /** Sends `message` once to every socket in any of `rooms`, on every process. */
  publish(rooms: string | readonly string[], message: RealtimeMessage): Promise<void>;
  /** Sockets this process holds now, admitted (metrics). */
  openSockets(): number;
}

declare module "fastify" {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

/** Largest frame a client may send; control messages are a few hundred bytes. */
const MAX_FRAME_BYTES = 16 * 1024;

/** `ws`'s error for a frame over maxPayload (it closes the socket with 1009 itself). */
const OVERSIZED_FRAME = "WS_ERR_UNSUPPORTED_MESSAGE_LENGTH";

/**
 * The player socket of CONTRACT.md at GET /api/v1/player/ws. The access
 * token comes offered as a subprotocol (`playerSocketProtocols` of the
 * shared package, issue 31), out of the URL that browsers print and
 * proxies log; `?access_token=` is still read for boxes of earlier
 * releases.
 *
 * The token is checked once, when the socket opens. It is not re-checked at
 * its expiry: the access token lives 5 minutes while a player plays for
 * hours, and closing every socket at each expiry would only make clients
 * reconnect with the token they refresh anyway. Revocation is pushed
 * instead: `app.accessEvents.changed` closes the sockets of an ended session
 * or of a blocked, deleted or re-roled account at once, on every process,
 * and each control message is checked against the database by the player
 * directory. Pushing alone is not trusted: every open socket's session is
 * also read again from the database every SOCKET_SESSION_CHECK_SECONDS
 * (at most a minute), so a revocation whose bus message was lost still
 * closes it. The reads are spread through that period, a slice of the
 * sockets a second (SpreadRounds); a socket's next read may come up to
 * twice the period after its last only when most sockets closed meanwhile
 * or none was open at its round's start. A socket that sent nothing (not
 * even the 4-second ping) for 30 s is terminated.
 *
 * A socket spends a FrameBudget on every frame: past its burst allowance a
 * flood is told `{"type":"error"}` and closed with 1008, and its later
 * frames are dropped unread. A frame over MAX_FRAME_BYTES is closed by
 * `ws` with 1009 and logged once, at warn, without a stack: it is a
 * client's doing, not the server's failure.
 */
export default fp(
  async function realtimePlugin(app: FastifyInstance) {
    const bus = app.bus;
    const hub = new SocketHub();
    const handlers = new SocketHandlers();
    /** The actor each open, admitted socket was admitted as. */
    const admitted = new Map<WebSocket, Actor>();
    bus.subscribe((event) => hub.deliver(event));

    const toRooms = (rooms: string | readonly string[]) =>
      typeof rooms === "string" ? [rooms] : [...rooms];
    app.decorate("realtime", {
      busKind: bus.kind,
      publish: (rooms, message) =>
        bus.publish({ kind: "messages", rooms: toRooms(rooms), messages: [message] }),
      onMessage: (type, handler) => handlers.onMessage(type, handler),
      onAdmit: (admit) => handlers.onAdmit(admit),
      onOpen: (listener) => handlers.onOpen(listener),
      onClose: (listener) => handlers.onClose(listener),
      findNamedPlayer: (find) => handlers.findNamedPlayer(find),
      bindNamedPlayer: (bind) => handlers.bindNamedPlayer(bind),
      openSockets: () => hub.size,
    } satisfies Realtime);

    await app.register(websocket, {
      options: {
        maxPayload: MAX_FRAME_BYTES,
        // No compression: every frame is written to the connection as it is
        // sent, which the pong written as a prepared frame relies on (PONG_WIRE).
        perMessageDeflate: false,
        // The player socket's own subprotocol, never the offered one that carries the token.
        handleProtocols: (offered) =>
          offered.has(PLAYER_SOCKET_PROTOCOL) ? PLAYER_SOCKET_PROTOCOL : false,
      },
      errorHandler: (error, socket, request) => {
        if ((error as { code?: unknown }).code === OVERSIZED_FRAME) {
          // `ws` has sent its 1009 close already; it ends the socket itself.
          request.log.warn(
            { maxBytes: MAX_FRAME_BYTES },
            "player socket closed: a frame over the size limit",
          );
          return;
        }
        request.log.error({ err: error }, "player socket failed");
        socket.terminate();
      },
      // Sockets close before the HTTP server does, which waits for them.
      preClose: async () => {
        await hub.closeAll();
        for (const client of app.websocketServer.clients) client.terminate();
      },
    });
    /**
     * Lets a socket go whose access ended: 'Access denied error', then the
     * close that tells its client not to reconnect with the same token.
     */
    const refuse = (socket: WebSocket) => {
      admitted.delete(socket);
      hub.remove(socket);
      send(socket, { type: "error", message: MESSAGES.accessDenied });
      socket.close(CLOSE_CODES.accessDenied, "Access denied");
    };
    /** Whether a socket's session stands: the sockets let in together are checked in one read. */
    const noLongerAdmitted = batched(async (actors: readonly Actor[]) => {
      const ended = await app.actorsNoLongerAdmitted(actors);
      return new Map(ended.map((actor) => [actor, true]));
    });
    /**
     * Closes the sockets whose session no longer admits them, as a bus event
     * would: every admitted socket once a period, a slice of them a second.
     */
    const sessionCheck = new SpreadRounds<[WebSocket, Actor]>({
      periodMs: app.config.socketSessionCheckMs,
      tickMs: 1_000,
      items: () => [...admitted],
      isCurrent: ([socket, actor]) => admitted.get(socket) === actor,
      visit: async (sockets) => {
        try {
          const ended = new Set(
            await app.actorsNoLongerAdmitted(sockets.map(([, actor]) => actor)),
          );
          for (const [socket, actor] of sockets) if (ended.has(actor)) refuse(socket);
        } catch (error) {
          app.log.error({ err: error }, "player socket session check failed");
        }
      },
    });
    app.addHook("onReady", async () => {
      // What a socket does is known before the first one opens.
      handlers.seal();
      // A socket silent for 30 s is gone (its line cut without a word): said, as its client never will.
      hub.startSweeping((count, { lateMs, longestSilentMs }) =>
        app.log.warn(
          { sockets: count, sweepLateMs: lateMs, longestSilentMs },
          "player sockets terminated: silent for 30 s",
        ),
      );
      sessionCheck.start();
    });
    app.addHook("preClose", async () => sessionCheck.stop());

    app.route({
      method: "GET",
      url: `${API_BASE}${PLAYER_SOCKET_PATH}`,
      schema: { hide: true },
      // The URL carries the access token: keep it out of the request log lines.
      logLevel: "warn",
      handler: async (request, reply) =>
        reply.code(426).header("upgrade", "websocket").send({
          type: "validation-error",
          reason: "Некорректный запрос",
          message: "This endpoint only accepts a websocket upgrade",
          requestId: request.id,
        }),
      wsHandler: (socket: WebSocket, request: FastifyRequest) => {
        // Frames may arrive while the token is being checked: they queue
        // behind it and are handled one at a time, in order.
        let queue: Promise<Actor | null> = authenticate(socket, request);
        // The handlers below keep the request's logger, not the request: an
        // open socket does not hold its upgrade request (its headers, its URL)
        // for hours (11 000 sockets' worth of heap for every full GC to mark).
        const log = request.log;
        // The connection itself, which `ws` holds anyway: the pong is written to it (PONG_WIRE).
        const wire = request.raw.socket;
        // Made once the socket is admitted, for all its frames.
        let session: SocketSession | undefined;
        // Counted from the first frame, before the token is checked: a
        // flood must not queue up behind the check either.
        const budget = new FrameBudget();
        let flooded = false;
        // Frames queued and not yet begun.
        let pending = 0;
        socket.on("message", (data, isBinary) => {
          if (flooded) return;
          if (!budget.take(frameBytes(data))) {
            flooded = true;
            log.warn(
              { burst: FRAME_BUDGET.burst, refillPerSecond: FRAME_BUDGET.refillPerSecond },
              "player socket closed: more messages than its budget",
            );
            send(socket, { type: "error", message: SOCKET_ERRORS.flood });
            socket.close(CLOSE_CODES.policyViolation, "Too many messages");
            return;
          }
          hub.touch(socket);
          // A ping with nothing queued before it is answered now, not in a turn of the queue.
          if (session && pending === 0 && isPingFrame(data, isBinary)) return answerPing(session);
          pending++;
          queue = queue.then(async (actor) => {
            pending--;
            if (!actor) return null;
            session ??= {
              socket,
              handlers,
              wire,
              context: {
                actor,
                send: (message) => send(socket, message),
                join: (room) => hub.join(socket, room),
                leave: (room) => hub.leave(socket, room),
                log,
              },
            };
            await handleFrame(session, data, isBinary).catch((error: unknown) => {
              log.error({ err: error }, "player socket frame failed");
            });
            return actor;
          });
        });
        socket.on("pong", () => hub.touch(socket));
        socket.on("close", () => {
          hub.remove(socket);
          admitted.delete(socket);
          // Once admitted, the player's presence on this process ends with the socket.
          void queue.then(async (actor) => {
            if (!actor) return null;
            await handlers.close(actor, log);
            return actor;
          });
        });
      },
    });

    /**
     * A device's socket that names its player (`?playerId=`) plays only that
     * one: answered narrowed to it, or null when the player is not of the
     * device's venue — or, for a session bound to one player, not that
     * player. A venue-wide session (a box's, which finds its player by
     * serial number) is bound to the player it names from then on: its
     * later calls act for that player only, and removing the player ends
     * it (issue 27). Browser sockets see all their players; the name is
     * ignored. Which player it may name is the players module's rule
     * (`findNamedPlayer`), the binding sign-in's (`bindNamedPlayer`).
     */
    async function boundToPlayer(actor: Actor, playerId: unknown): Promise<Actor | null> {
      if (actor.sessionKind !== "device" || playerId === undefined) return actor;
      if (typeof playerId !== "string") return null;
      const named = await handlers.namedPlayer(actor, playerId);
      if (!named) return null;
      if (!actor.playerId && !(await handlers.bindToNamed(actor, named))) return null;
      return { ...actor, playerId: named };
    }

    /** Admits the socket into its rooms, or tells it why not and closes it. */
    async function authenticate(socket: WebSocket, request: FastifyRequest): Promise<Actor | null> {
      // Offered as a subprotocol (issue 31); in the URL from boxes of earlier releases.
      const token =
        accessTokenOfProtocols(request.headers["sec-websocket-protocol"]) ??
        (request.query as { access_token?: unknown }).access_token;
      const wire = request.raw.socket;
      let corked = false;
      try {
        const actor = await boundToPlayer(
          await app.authenticateToken(typeof token === "string" ? token : undefined),
          (request.query as { playerId?: unknown }).playerId,
        );
        if (!actor) {
          // A device naming a player not of its venue: the box is set up wrong, not signed out.
          send(socket, { type: "error", message: MESSAGES.playerNotFound });
          socket.close(CLOSE_CODES.playerNotFound, "Player not found");
          return null;
        }
        // Each module's rooms (a device's player, staff's rooms) and first messages (the players' states).
        const { rooms, snapshot } = await handlers.admit(actor);
        if (socket.readyState !== socket.OPEN) return null;
        // A device that plays one player holds it until a newer device claims it.
        const claim =
          actor.sessionKind === "device" && actor.playerId
            ? { playerId: actor.playerId, claimId: randomUUID(), admittedAt: Date.now() }
            : undefined;
        // The snapshot goes first, in the same turn as joining the rooms:
        // every change delivered after it is newer than it.
        hub.add(socket, actor.userId, [sessionRoom(actor.sessionId), ...rooms], {
          device: actor.sessionKind === "device",
          ...(claim ? { claim } : {}),
          wire,
        });
        admitted.set(socket, actor);
        // What the socket is told while it is let in (its snapshot, its
        // players' states and schedule as it comes online) goes out in one
        // write when it is in: a reconnect storm's writes are a system call
        // each, and each wakes the client.
        wire.cork();
        corked = true;
        for (const message of snapshot) send(socket, message);
        // A change of access published while this socket was being let in
        // (its rooms not joined yet), or before its token was made (a client
        // activated between a refresh and the reconnect), reached no socket
        // of this one's: the session is read again now that the rooms are
        // joined, and a stale token is refused as the change would have.
        if (await noLongerAdmitted(actor)) {
          refuse(socket);
          return null;
        }
        // A failed presence write costs the player its online mark, not the socket.
        await handlers.open(actor, request.log);
        // Online first, then the device it takes over from stops (issue 28):
        // the player never looks offline between the two.
        if (claim) {
          await bus.publish({
            kind: "device-claimed",
            rooms: [playerRoom(claim.playerId)],
            ...claim,
          });
        }
        return actor;
      } catch (error) {
        // A bad token, an ended session, a blocked or deleted account: the
        // client must stop reconnecting (SPEC.md §4), not retry a failure.
        if (error instanceof AppError && (error.status === 401 || error.status === 403)) {
          refuse(socket);
        } else {
          request.log.error({ err: error }, "player socket authentication failed");
          send(socket, { type: "error", message: MESSAGES.somethingWentWrong });
          socket.close(1011, "Internal error");
        }
        return null;
      } finally {
        if (corked) wire.uncork();
      }
    }
  },
  { name: "realtime", dependencies: ["auth", "bus"] },
);

function frameBytes(data: Buffer | ArrayBuffer | Buffer[]): number {
  if (Array.isArray(data)) return data.reduce((total, part) => total + part.length, 0);
  return data.byteLength;
}
