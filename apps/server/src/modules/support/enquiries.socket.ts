import { SUPPORT_STAFF_ROLES } from "@fonika/shared";
import { SUPPORT_STAFF_ROOM } from "../../realtime/hub.ts";
import type { SocketRegistry } from "../../realtime/socket-registry.ts";

/**
 * Enquiries on the player socket (issue 15): the browsers of staff who
 * answer them (SUPPORT_STAFF_ROLES) join SUPPORT_STAFF_ROOM, where every
 * enquiry's news goes.
 */
export function registerEnquiriesSocket(realtime: SocketRegistry): void {
  realtime.onAdmit((actor) => ({
    rooms:
      actor.sessionKind === "browser" &&
      actor.role !== undefined &&
      SUPPORT_STAFF_ROLES.includes(actor.role)
        ? [SUPPORT_STAFF_ROOM]
        : [],
  }));
}
