import type { Executor } from "../../../db/client.ts";
import type { PlaylistRecords } from "../vault/vault.service.ts";
import * as repository from "./playlists.repository.ts";

/**
 * The playlist rows as the vault moves, copies and deletes their entries:
 * names, trash state and the current version follow the tree. The vault
 * calls it inside its own transactions.
 */
export class PlaylistRecordsService implements PlaylistRecords {
  async currentVersionIds(db: Executor, playlistIds: readonly string[]): Promise<Set<string>> {
    return new Set(await repository.currentVersionIds(db, playlistIds));
  }

  async currentVersionOf(db: Executor, playlistId: string): Promise<string | null> {
    return (await repository.findPlaylist(db, playlistId))?.currentVersionId ?? null;
  }

  async setCurrentVersion(db: Executor, playlistId: string, versionId: string | null) {
    await repository.updatePlaylist(db, playlistId, { currentVersionId: versionId });
  }

  async rename(db: Executor, playlistId: string, name: string) {
    await repository.updatePlaylist(db, playlistId, { name });
  }

  async setDeleted(db: Executor, playlistIds: readonly string[], deleted: boolean) {
    await repository.setDeleted(db, playlistIds, deleted);
  }

  async copy(db: Executor, playlistId: string, name: string): Promise<string> {
    const original = await repository.findPlaylist(db, playlistId);
    if (!original) throw new Error(`Playlist ${playlistId} of a vault entry is missing`);
    const {
      id: _id,
      createdAt: _created,
      updatedAt: _updated,
      currentVersionId: _current,
      ...rest
    } = original;
    const copy = await repository.insertPlaylist(db, { ...rest, name, currentVersionId: null });
    return copy.id;
  }

  async purge(db: Executor, playlistIds: readonly string[]) {
    await repository.deletePlaylists(db, playlistIds);
  }
}
