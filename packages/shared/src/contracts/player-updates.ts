import { PAGING } from "../constants.ts";
import { defineEndpoint, fileAnswer, pagedSchema, uuidSchema } from "../endpoint.ts";
import { FIRMWARE_VERSION, isFirmwareVersion } from "../firmware-version.ts";
import { PLAYER_DEVICE, type Role } from "../roles.ts";
import { z } from "../zod.ts";

/**
 * Player updates (SPEC.md §3 Player update, §7 Players): box player
 * firmware files an admin uploads, names and versions; a box player learns
 * of a newer one on its socket and downloads it here.
 */

export const PLAYER_UPDATES = {
  /** Largest firmware file accepted (docs/decisions.md). */
  maxFileMb: 512,
  nameMin: 1,
  nameMax: 200,
  /** SPEC.md §9: player updates limit 30. */
  pageSize: 30,
  /** Firmware is opaque bytes to the server. */
  mediaType: "application/octet-stream",
} as const;

export const PLAYER_UPDATE_TEXTS = {
  badVersion: "Версия — в виде 1.4.2 или 1.4.2-beta.1",
  badName: `Название — от ${PLAYER_UPDATES.nameMin} до ${PLAYER_UPDATES.nameMax} символов`,
} as const;

export const firmwareVersionSchema = z
  .string()
  .trim()
  .max(FIRMWARE_VERSION.maxLength, PLAYER_UPDATE_TEXTS.badVersion)
  .refine(isFirmwareVersion, PLAYER_UPDATE_TEXTS.badVersion);

export const playerUpdateNameSchema = z
  .string()
  .trim()
  .min(PLAYER_UPDATES.nameMin, PLAYER_UPDATE_TEXTS.badName)
  .max(PLAYER_UPDATES.nameMax, PLAYER_UPDATE_TEXTS.badName);

export const playerUpdateSchema = z
  .object({
    updateId: uuidSchema,
    name: z.string(),
    version: z.string(),
    /** The name the file was uploaded with. */
    fileName: z.string(),
    size: z.number().int().positive(),
    /** SHA-256 of the file, hex: what a box checks its download against. */
    sha256: z.string(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "PlayerUpdate" });
export type PlayerUpdate = z.infer<typeof playerUpdateSchema>;

export const playerUpdateMetaSchema = z.object({
  name: playerUpdateNameSchema,
  version: firmwareVersionSchema,
});
export type PlayerUpdateMeta = z.input<typeof playerUpdateMetaSchema>;

const updateParams = z.object({ updateId: uuidSchema });
/** SPEC.md §2: /players-base/update is the admin's. */
const adminOnly: readonly Role[] = ["role-admin"];
const tags = ["player-updates"];

export const uploadPlayerUpdate = defineEndpoint({
  method: "POST",
  path: "/music/player/update",
  summary: `Upload a box player firmware file of at most ${PLAYER_UPDATES.maxFileMb} MB; name and version default to what its file name says`,
  tags,
  auth: "bearer",
  roles: adminOnly,
  query: z.object({
    name: playerUpdateNameSchema.optional(),
    version: firmwareVersionSchema.optional(),
  }),
  upload: { accept: [PLAYER_UPDATES.mediaType] },
  response: playerUpdateSchema,
  successStatus: 201,
});

export const changePlayerUpdateMeta = defineEndpoint({
  method: "POST",
  path: "/music/player/update/:updateId/update-meta",
  summary: "Rename an update or correct its version (versions are unique)",
  tags,
  auth: "bearer",
  roles: adminOnly,
  params: updateParams,
  body: playerUpdateMetaSchema,
  response: playerUpdateSchema,
});

export const listPlayerUpdates = defineEndpoint({
  method: "GET",
  path: "/music/player/update/all",
  summary: "Player updates, newest upload first, found by name or version",
  tags,
  auth: "bearer",
  roles: adminOnly,
  query: z.object({
    query: z.string().trim().max(PLAYER_UPDATES.nameMax).optional(),
    limit: z.coerce.number().int().min(1).max(PAGING.maxPageSize).default(PLAYER_UPDATES.pageSize),
    offset: z.coerce.number().int().min(0).default(0),
  }),
  response: pagedSchema(playerUpdateSchema),
});

export const getPlayerUpdateFile = defineEndpoint({
  ...fileAnswer([PLAYER_UPDATES.mediaType]),
  path: "/music/player/update/:updateId/file",
  summary:
    "The firmware file, with HTTP Range: for an admin and for box player devices; the token may be given as access_token",
  tags,
  sessions: ["browser", "device"],
  roles: [...adminOnly, PLAYER_DEVICE],
  params: updateParams,
});
