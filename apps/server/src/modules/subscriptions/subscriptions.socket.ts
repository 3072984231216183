import { CLIENT_MANAGING_ROLES } from "@fonika/shared";
import { SUBSCRIPTIONS_STAFF_ROOM } from "../../realtime/hub.ts";
import type { SocketRegistry } from "../../realtime/socket-registry.ts";

/**
 * Subscriptions on the player socket (issue 28): the browsers of staff who
 * run them (CLIENT_MANAGING_ROLES) join SUBSCRIPTIONS_STAFF_ROOM, where a
 * subscription made or moved is told, for their queue and its badge.
 */
export function registerSubscriptionsSocket(realtime: SocketRegistry): void {
  realtime.onAdmit((actor) => ({
    rooms:
      actor.sessionKind === "browser" &&
      actor.role !== undefined &&
      CLIENT_MANAGING_ROLES.includes(actor.role)
        ? [SUBSCRIPTIONS_STAFF_ROOM]
        : [],
  }));
}
