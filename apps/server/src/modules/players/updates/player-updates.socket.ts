import type { SocketContext, SocketRegistry } from "../../../realtime/socket-registry.ts";
import { FIRMWARE_ROOM, type PlayerUpdatesService } from "./player-updates.service.ts";

/**
 * Player updates on the player socket: a box that says its firmware
 * version in `connect` hears of a newer update now, and of each one
 * uploaded later (FIRMWARE_ROOM).
 */
export function registerPlayerUpdatesSocket(
  realtime: SocketRegistry,
  updates: Pick<PlayerUpdatesService, "newerThan">,
): void {
  realtime.onMessage("connect", async (message, context) => {
    // A device that says its firmware version is a box player that updates.
    if (message.version && context.actor.sessionKind === "device") {
      await announceFirmware(updates, context, message.version);
    }
  });
}

/**
 * Puts a box player in the room of firmware notices and tells it of an
 * update newer than `version` now. It joins first: an update uploaded
 * meanwhile reaches it rather than falling between the two.
 */
async function announceFirmware(
  updates: Pick<PlayerUpdatesService, "newerThan">,
  context: SocketContext,
  version: string,
): Promise<void> {
  context.join(FIRMWARE_ROOM);
  try {
    const notice = await updates.newerThan(version);
    if (notice) context.send(notice);
  } catch (error) {
    context.log.error({ err: error }, "player update notice failed");
  }
}
