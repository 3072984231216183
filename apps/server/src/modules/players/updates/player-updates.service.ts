import {
  API_BASE,
  compareVersions,
  endpointPath,
  newestByVersion,
  PLAYER_UPDATES,
  type PlayerUpdate,
  type PlayerUpdateMeta,
  playerUpdatesApi,
  type ServerSocketMessage,
  updateNameFromFileName,
  versionInFileName,
} from "@fonika/shared";
import type { Actor } from "../../../kernel/actor.ts";
import type { ServiceLog } from "../../../kernel/service-log.ts";
import type { StoredFile } from "../../../kernel/stored-file.ts";
import { toPage } from "../../../lib/paging.ts";
import type { EventBus } from "../../../realtime/bus.ts";
import { contentKey, type FileStore } from "../../../storage/file-store.ts";
import type { UploadSource } from "../../../storage/upload.ts";
import type { PlayersStore } from "../players.store.ts";
import { playerUpdateErrors } from "./player-updates.errors.ts";
import {
  assertMayDownloadPlayerUpdate,
  assertMayManagePlayerUpdates,
} from "./player-updates.policy.ts";
import type { PlayerUpdateRow } from "./player-updates.repository.ts";

/**
 * Room of every box player's device socket that reported its firmware
 * version in `connect` (player-updates.socket.ts): a newer update is
 * pushed to it on every process.
 */
export const FIRMWARE_ROOM = "firmware";

export interface PlayerUpdatesDependencies {
  store: PlayersStore;
  files: FileStore;
  bus: EventBus;
  log: ServiceLog;
}

export interface PlayerUpdateListRequest {
  query?: string | undefined;
  limit: number;
  offset: number;
}

/**
 * Player updates (issue 13): box firmware files an admin uploads and
 * describes, and the notice a box player gets of one newer than its own —
 * when its socket says its version, and at once when a newer one is
 * uploaded or edited (through the bus, on every process).
 */
export class PlayerUpdatesService {
  constructor(private readonly deps: PlayerUpdatesDependencies) {}

  /**
   * Stores an uploaded firmware file: not empty, at most
   * PLAYER_UPDATES.maxFileMb; name and version as given, else read from
   * the file name. A version already uploaded is a 409.
   */
  async upload(
    actor: Actor,
    given: { name?: string | undefined; version?: string | undefined },
    upload: UploadSource,
  ): Promise<PlayerUpdate> {
    assertMayManagePlayerUpdates(actor);
    const file = await upload({
      maxBytes: PLAYER_UPDATES.maxFileMb * 1024 * 1024,
      tooLargeReason: playerUpdateErrors.tooLargeReason(),
    });
    try {
      if (file.size === 0) throw playerUpdateErrors.emptyFile();
      const version = given.version ?? versionInFileName(file.filename);
      if (!version) throw playerUpdateErrors.noVersion();
      const name = given.name ?? updateNameFromFileName(file.filename, PLAYER_UPDATES.nameMax);
      if (!name) throw playerUpdateErrors.noName();
      // Checked before the file is stored, so that a refused version leaves nothing behind.
      if (await this.deps.store.updates.findByVersion(version)) {
        throw playerUpdateErrors.versionTaken(version);
      }
      const key = contentKey("player-updates", file.sha256);
      await this.deps.files.putFile(key, file.path, PLAYER_UPDATES.mediaType);
      const row = await this.deps.store.updates.insertUpdate({
        name,
        version,
        fileKey: key,
        fileName: file.filename.slice(0, PLAYER_UPDATES.nameMax) || "firmware",
        size: file.size,
        sha256: file.sha256,
        uploadedBy: actor.userId,
      });
      // Two uploads of one version at once: the index decided. The stored file
      // stays, since another update may hold the same content under its key.
      if (row === "taken") throw playerUpdateErrors.versionTaken(version);
      await this.announceIfNewest(row);
      return present(row);
    } finally {
      await file.discard();
    }
  }

  /** Renames an update or corrects its version; a version another update has is a 409. */
  async changeMeta(actor: Actor, id: string, meta: PlayerUpdateMeta): Promise<PlayerUpdate> {
    assertMayManagePlayerUpdates(actor);
    const row = await this.deps.store.updates.updateMeta(id, {
      name: meta.name,
      version: meta.version,
    });
    if (row === "taken") throw playerUpdateErrors.versionTaken(meta.version);
    if (!row) throw playerUpdateErrors.notFound();
    await this.announceIfNewest(row);
    return present(row);
  }

  async list(
    actor: Actor,
    request: PlayerUpdateListRequest,
  ): Promise<{ data: PlayerUpdate[]; total: number; totalPages: number }> {
    assertMayManagePlayerUpdates(actor);
    const { rows, total } = await this.deps.store.updates.listUpdates(request);
    return toPage(rows.map(present), total, request.limit);
  }

  /** The firmware file, for the file answer (saved under its uploaded name). */
  async file(actor: Actor, id: string): Promise<StoredFile> {
    assertMayDownloadPlayerUpdate(actor);
    const row = await this.deps.store.updates.findUpdate(id);
    if (!row) throw playerUpdateErrors.notFound();
    return {
      key: row.fileKey,
      size: row.size,
      contentType: PLAYER_UPDATES.mediaType,
      etag: row.sha256,
      caching: "immutable",
      disposition: { type: "attachment", fileName: row.fileName },
    };
  }

  /** The newest update when it is newer than `version`, as its socket message; else null. */
  async newerThan(version: string): Promise<ServerSocketMessage | null> {
    const newest = newestByVersion(await this.deps.store.updates.allVersions());
    if (!newest || compareVersions(newest.version, version) <= 0) return null;
    return notice(newest);
  }

  /**
   * Tells every connected box of the update when it is now the newest. Each
   * box compares it with its own version (the room holds every box, of any
   * version); one that connects later asks on `connect`.
   */
  private async announceIfNewest(row: PlayerUpdateRow): Promise<void> {
    const newest = newestByVersion(await this.deps.store.updates.allVersions());
    if (newest?.id !== row.id) return;
    await this.deps.bus.publish({
      kind: "messages",
      rooms: [FIRMWARE_ROOM],
      messages: [notice(row)],
    });
    this.deps.log.info({ updateId: row.id, version: row.version }, "player update announced");
  }
}

function notice(row: PlayerUpdateRow): ServerSocketMessage {
  return {
    type: "playerUpdateAvailable",
    updateId: row.id,
    name: row.name,
    version: row.version,
    size: row.size,
    sha256: row.sha256,
    url: `${API_BASE}${endpointPath(playerUpdatesApi.getPlayerUpdateFile.path, { updateId: row.id })}`,
  };
}

function present(row: PlayerUpdateRow): PlayerUpdate {
  return {
    updateId: row.id,
    name: row.name,
    version: row.version,
    fileName: row.fileName,
    size: row.size,
    sha256: row.sha256,
    createdAt: row.createdAt.toISOString(),
  };
}
