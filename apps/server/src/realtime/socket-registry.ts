import type { ClientSocketMessage, ServerSocketMessage } from "@fonika/shared";
import type { Actor } from "../kernel/actor.ts";
import type { ServiceLog } from "../kernel/service-log.ts";

/** A client message type (`clientSocketMessageSchema`). */
export type ClientMessageType = ClientSocketMessage["type"];

/** The client message of one type, as the shared schema parsed it. */
export type ClientMessageOf<T extends ClientMessageType> = Extract<
  ClientSocketMessage,
  { type: T }
>;

/** What a handler may do with the admitted socket a message came on. */
export interface SocketContext {
  /** Who the socket was admitted as (its token; a device narrowed to the player it names). */
  readonly actor: Actor;
  /** Writes one message to this socket alone, if it is still open. */
  send(message: ServerSocketMessage): void;
  /** Adds this socket to a room (it leaves all of them when it closes). */
  join(room: string): void;
  /** Takes this socket out of a room. */
  leave(room: string): void;
  readonly log: ServiceLog;
}

/**
 * Handles one client message of its type. What follows for others goes
 * out on the bus; only what concerns the sender is sent on `context`.
 */
export type MessageHandler<T extends ClientMessageType> = (
  message: ClientMessageOf<T>,
  context: SocketContext,
) => Promise<void> | void;

/** What a module adds to an admitted socket: rooms it joins, and what it is sent first. */
export interface Admission {
  readonly rooms?: readonly string[];
  /** Sent in the same turn as joining the rooms: every change delivered after it is newer. */
  readonly snapshot?: readonly ServerSocketMessage[];
}

/** What happens on this process when a socket of `actor` is admitted or closes (presence). */
export type SocketListener = (actor: Actor) => Promise<void>;

/**
 * What the modules give the player socket while they are built (the
 * realtime plugin keeps framing, sign-in, ping, rooms and the bus). Where
 * several modules may contribute, each adds its own (rooms, presence);
 * where exactly one must answer, a second registration throws.
 */
export interface SocketRegistry {
  /**
   * The one handler of a client message type. `ping` and `connect` are
   * answered by the socket itself (`pong`, `connected`); their handler, if
   * one is registered, runs after that answer. A type without a handler
   * is answered as an unknown type.
   */
  onMessage<T extends ClientMessageType>(type: T, handler: MessageHandler<T>): void;
  /** Rooms and first messages of each admitted socket; several modules may add theirs. */
  onAdmit(admit: (actor: Actor) => Promise<Admission> | Admission): void;
  /** A socket was admitted (after its snapshot); a failure is logged, the socket stays. */
  onOpen(listener: SocketListener): void;
  /** An admitted socket closed; a failure is logged. */
  onClose(listener: SocketListener): void;
  /**
   * The one rule for the player a device's socket names (`?playerId=`):
   * its id when it is the device's to play, else null. Unset: none is.
   */
  findNamedPlayer(find: (actor: Actor, playerId: string) => Promise<string | null>): void;
  /**
   * The one binding of a venue-wide device session to the player its
   * socket named (found by `findNamedPlayer`): true when the session now
   * plays that player, false when it may not (the socket is then refused).
   * Unset: the socket is only narrowed to the player.
   */
  bindNamedPlayer(bind: (actor: Actor, playerId: string) => Promise<boolean>): void;
}

/**
 * The registrations, as the realtime plugin reads them. Registering is
 * refused once the socket is sealed (the server is ready): everything a
 * socket does is known before the first one opens.
 */
export class SocketHandlers implements SocketRegistry {
  /** Each type's handler; `handlerOf` gives it back typed by its type. */
  private readonly handlers = new Map<ClientMessageType, unknown>();
  private readonly admissions: ((actor: Actor) => Promise<Admission> | Admission)[] = [];
  private readonly opened: SocketListener[] = [];
  private readonly closed: SocketListener[] = [];
  private find: ((actor: Actor, playerId: string) => Promise<string | null>) | undefined;
  private bind: ((actor: Actor, playerId: string) => Promise<boolean>) | undefined;
  private sealed = false;

  onMessage<T extends ClientMessageType>(type: T, handler: MessageHandler<T>): void {
    this.assertOpen(`a handler of "${type}"`);
    if (this.handlers.has(type)) {
      throw new Error(`The socket message "${type}" has a handler already: one module owns it`);
    }
    this.handlers.set(type, handler);
  }

  onAdmit(admit: (actor: Actor) => Promise<Admission> | Admission): void {
    this.assertOpen("an admission");
    this.admissions.push(admit);
  }

  onOpen(listener: SocketListener): void {
    this.assertOpen("an open listener");
    this.opened.push(listener);
  }

  onClose(listener: SocketListener): void {
    this.assertOpen("a close listener");
    this.closed.push(listener);
  }

  findNamedPlayer(find: (actor: Actor, playerId: string) => Promise<string | null>): void {
    this.assertOpen("the named player's rule");
    if (this.find) throw new Error("The player a device names has its rule already");
    this.find = find;
  }

  bindNamedPlayer(bind: (actor: Actor, playerId: string) => Promise<boolean>): void {
    this.assertOpen("the device binding");
    if (this.bind) throw new Error("A device's named player has its binding already");
    this.bind = bind;
  }

  /** No registration from now on (the server is ready). */
  seal(): void {
    this.sealed = true;
  }

  /** The handler of a message type, if a module registered one. */
  handlerOf<T extends ClientMessageType>(type: T): MessageHandler<T> | undefined {
    return this.handlers.get(type) as MessageHandler<T> | undefined;
  }

  /** Every module's rooms and first messages for `actor`, asked one after the other, in registration order. */
  async admit(actor: Actor): Promise<{ rooms: string[]; snapshot: ServerSocketMessage[] }> {
    const rooms: string[] = [];
    const snapshot: ServerSocketMessage[] = [];
    for (const admit of this.admissions) {
      const admission = await admit(actor);
      rooms.push(...(admission.rooms ?? []));
      snapshot.push(...(admission.snapshot ?? []));
    }
    return { rooms, snapshot };
  }

  /** Runs the open listeners in order; a failure is logged and the next one still runs. */
  async open(actor: Actor, log: ServiceLog): Promise<void> {
    for (const listener of this.opened) {
      // A failed presence write costs the player its online mark, not the socket.
      await listener(actor).catch((error: unknown) => {
        log.error({ err: error }, "player socket presence failed");
      });
    }
  }

  /** Runs the close listeners in order; a failure is logged and the next one still runs. */
  async close(actor: Actor, log: ServiceLog): Promise<void> {
    for (const listener of this.closed) {
      await listener(actor).catch((error: unknown) => {
        log.error({ err: error }, "player socket close failed");
      });
    }
  }

  /** The player a device names, when it is the device's to play (null: none, or no rule). */
  namedPlayer(actor: Actor, playerId: string): Promise<string | null> {
    return this.find ? this.find(actor, playerId) : Promise.resolve(null);
  }

  /** Binds a venue-wide session to its named player (no binding: narrowed only). */
  bindToNamed(actor: Actor, playerId: string): Promise<boolean> {
    return this.bind ? this.bind(actor, playerId) : Promise.resolve(true);
  }

  private assertOpen(what: string): void {
    if (this.sealed) throw new Error(`The player socket is sealed: ${what} came after the start`);
  }
}

/**
 * What one module remembers of each socket between its frames, kept while
 * the socket is (its context is the key): `memory.of(context)`.
 */
export class SocketMemory<T extends object> {
  private readonly kept = new WeakMap<SocketContext, T>();

  constructor(private readonly initial: () => T) {}

  of(context: SocketContext): T {
    let value = this.kept.get(context);
    if (!value) {
      value = this.initial();
      this.kept.set(context, value);
    }
    return value;
  }
}
