import type { ServerSocketMessage } from "@fonika/shared";

/**
 * Room of every box player's device socket that reported its firmware
 * version in `connect`: a newer update is pushed to it on every process.
 */
export const FIRMWARE_ROOM = "firmware";

/** What the socket needs of player updates (the players module fills it). */
export interface FirmwareNotices {
  /** The newest update when it is newer than `version`, as its socket message; else null. */
  newerThan(version: string): Promise<ServerSocketMessage | null>;
}

/** Before the players module: no update is known. */
export const noFirmwareNotices: FirmwareNotices = { newerThan: async () => null };
