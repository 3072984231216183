import type { Role, SessionKind } from "@fonika/shared";

/*
 * The kernel: types every module speaks, free of the web framework (a
 * service, a socket handler and a CLI use them alike). docs/architecture.md.
 */

/** Who is calling: the signed-in user as known now, and through which session. */
export interface Actor {
  userId: string;
  authority: string[];
  /** The active role; a device session's is always `player-device`. */
  role: Role | undefined;
  sessionId: string;
  sessionKind: SessionKind;
  /** The establishment a device session plays for. */
  establishmentId: string | null;
  /**
   * The one player of that establishment a device plays: the player its
   * session is bound to (a web player's from the start, a box's since its
   * socket first named one with `?playerId=`); otherwise it stands for all
   * of the establishment's players.
   */
  playerId?: string | null;
}

/**
 * How services announce that what users or sessions may do has changed:
 * every process forgets its cached state of them and, unless `endSockets`
 * is false (a change that ends nothing, like a completed profile), their
 * open sockets hear 'Access denied error' and close.
 */
export interface AccessEvents {
  changed(change: {
    userIds?: readonly string[];
    sessionIds?: readonly string[];
    endSockets?: boolean;
  }): Promise<void>;
}
