import {
  type NowPlaying,
  normalizePhone,
  type Player,
  type PlayerLiveSummary,
  type PlayerPlaylist,
  type PlayerRequest,
  type PlayerType,
  type playersApi,
  type StaffPlayer,
  uuidSchema,
} from "@fonika/shared";
import type { z } from "zod";
import type { Database, Executor } from "../../db/client.ts";
import { errors } from "../../lib/app-error.ts";
import {
  assertMayChangeClient,
  assertMayReadClient,
  isClientAccount,
} from "../../lib/client-access.ts";
import { type Page, toPage } from "../../lib/paging.ts";
import type { Actor } from "../../plugins/auth.ts";
import type { EventBus } from "../../realtime/bus.ts";
import { playerRoom } from "../../realtime/hub.ts";
import type { PlayerCounts, PlayerDirectory } from "../../realtime/player-directory.ts";
import { type LiveSummaryRow, liveSummaries } from "./live.repository.ts";
import { onlineSince } from "./live.service.ts";
import { playerErrors } from "./players.errors.ts";
import {
  assertMayChangePlayer,
  assertMayReadPlayer,
  assertMayReadPlayersBase,
  playerAbilities,
} from "./players.policy.ts";
import type { PlayerRequestRow, PlayerRow } from "./players.repository.ts";
import * as repository from "./players.repository.ts";

type Body<E extends { body?: z.ZodType }> = z.output<NonNullable<E["body"]>>;
type Query<E extends { query?: z.ZodType }> = z.output<NonNullable<E["query"]>>;

/** What players need of other modules; app.ts wires them. */
export interface PlayerPorts {
  /** The account of a user id (accounts). */
  findAccount(userId: string): Promise<{ authority: string[]; status: string } | undefined>;
  accounts: {
    namesOf(userIds: string[]): Promise<Map<string, string>>;
    idsMatching(query: string): Promise<string[]>;
  };
  establishments: {
    /** Ids of a client's establishments. */
    idsOf(clientId: string): Promise<string[]>;
    findOwned(clientId: string, id: string): Promise<{ id: string; name: string } | undefined>;
    namesOf(ids: string[]): Promise<Map<string, string>>;
    idsMatching(query: string): Promise<string[]>;
  };
  /**
   * The playlists a user may play now: their live subscriptions' tariffs'
   * playlists and those granted to them under these tariffs (tariffs).
   */
  allowedPlaylistIds(userId: string): Promise<Set<string>>;
  /** Names of live playlists by id (the library). */
  playlistNames(ids: readonly string[]): Promise<Map<string, string>>;
  /** Titles and artists of songs by id, removed ones included (the library). */
  songFacts(ids: readonly string[]): Promise<Map<string, { title: string; artists: string[] }>>;
}

export interface PlayersDependencies extends PlayerPorts {
  db: Database;
  /** Taking a playlist off a player changes what it plays: published as `schedule-changed`. */
  bus: EventBus;
}

/**
 * Players: added to an establishment of their owner, changed and removed by
 * the owner or a client manager, seen by staff in the players base; the
 * playlists put on them, only those their owner may play; clients' requests
 * about players; and the directory the player socket and songs ask.
 */
export class PlayersService {
  constructor(private readonly deps: PlayersDependencies) {}

  /**
   * Adds a player to an establishment of its owner (the caller, or the
   * client a manager names). Without an establishment it goes to the
   * owner's only one; none or several are a 400.
   */
  async add(actor: Actor, body: Body<typeof playersApi.addPlayer>): Promise<Player> {
    const ownerId = body.userId ?? actor.userId;
    assertMayChangeClient(actor, ownerId);
    const account = await this.deps.findAccount(ownerId);
    if (!account || !isClientAccount(account)) throw playerErrors.ownerNotClient();
    const establishmentId = await this.establishmentFor(ownerId, body.establishmentId);
    const row = await repository.insertPlayer(this.deps.db, {
      userId: ownerId,
      establishmentId,
      name: body.name,
      type: body.type,
      serialBoxNumber: body.type === "boxPlayer" ? (body.serialBoxNumber ?? null) : null,
      address: body.address,
    });
    if (row === "taken") throw playerErrors.serialTaken();
    return this.presentOne(actor, row);
  }

  async change(
    actor: Actor,
    id: string,
    body: Body<typeof playersApi.changePlayer>,
  ): Promise<Player> {
    const player = await this.find(id);
    assertMayChangePlayer(actor, player);
    await repository.updatePlayer(this.deps.db, id, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.address !== undefined ? { address: body.address } : {}),
    });
    return this.presentOne(actor, await this.find(id));
  }

  async get(actor: Actor, id: string): Promise<Player> {
    const player = await this.find(id);
    assertMayReadPlayer(actor, player);
    return this.presentOne(actor, player);
  }

  /** A user's players; a device session sees only its establishment's. */
  async listOfUser(
    actor: Actor,
    userId: string,
    query: Query<typeof playersApi.listUserPlayers>,
  ): Promise<Page<Player>> {
    let establishmentId = query.establishmentId;
    if (actor.sessionKind === "device") {
      if (actor.userId !== userId || !actor.establishmentId) throw errors.forbidden();
      if (establishmentId && establishmentId !== actor.establishmentId) throw errors.forbidden();
      establishmentId = actor.establishmentId;
    } else {
      assertMayReadClient(actor, userId);
    }
    const { rows, total } = await repository.listPlayersOfUser(this.deps.db, userId, {
      establishmentId,
      limit: query.limit,
      offset: query.offset,
    });
    return toPage(await this.present(actor, rows), total, query.limit);
  }

  /**
   * The players base: every player with its client, establishment and live
   * state, found by any of them and filtered by online, playback and type.
   * One instant decides who is online for the filter and the answer alike.
   */
  async listAll(
    actor: Actor,
    query: Query<typeof playersApi.listAllPlayers>,
  ): Promise<Page<StaffPlayer>> {
    assertMayReadPlayersBase(actor);
    const freshSince = onlineSince();
    const text = query.query?.trim();
    const [userIds, establishmentIds] = text
      ? await Promise.all([
          this.deps.accounts.idsMatching(text),
          this.deps.establishments.idsMatching(text),
        ])
      : [[], []];
    const { rows, total } = await repository.searchPlayers(this.deps.db, {
      query: text,
      userIds,
      establishmentIds,
      type: query.type,
      status: query.status,
      playback: query.playback,
      freshSince,
      sortBy: query.sortBy,
      limit: query.count,
      offset: query.page * query.count,
    });
    const [players, clientNames, live] = await Promise.all([
      this.present(actor, rows),
      this.deps.accounts.namesOf([...new Set(rows.map((row) => row.userId))]),
      this.liveOf(
        rows.map((row) => row.id),
        freshSince,
      ),
    ]);
    return toPage(
      players.map((player) => ({
        ...player,
        clientName: clientNames.get(player.userId) ?? "",
        live: live.get(player.id) ?? OFFLINE,
      })),
      total,
      query.count,
    );
  }

  /** A player's live state, read-only, for whoever may see the player (its owner, staff, its device). */
  async live(actor: Actor, id: string): Promise<PlayerLiveSummary> {
    const player = await this.find(id);
    assertMayReadPlayer(actor, player);
    return (await this.liveOf([id], onlineSince())).get(id) ?? OFFLINE;
  }

  /**
   * The live summaries of players, named through the library in one call
   * for songs and one for playlists, whatever the number of players.
   */
  private async liveOf(
    playerIds: string[],
    freshSince: Date,
  ): Promise<Map<string, PlayerLiveSummary>> {
    const states = await liveSummaries(this.deps.db, playerIds, freshSince);
    const loaded = [...states.values()].filter(
      (state): state is LiveSummaryRow & { songId: string } => state.online && !!state.songId,
    );
    const [songs, playlists] = await Promise.all([
      this.deps.songFacts([...new Set(loaded.map((state) => state.songId))]),
      this.deps.playlistNames([
        ...new Set(loaded.flatMap((state) => (state.playlistId ? [state.playlistId] : []))),
      ]),
    ]);
    const summaries = new Map<string, PlayerLiveSummary>();
    for (const [playerId, state] of states) {
      const song = state.online && state.songId ? songs.get(state.songId) : undefined;
      const nowPlaying: NowPlaying | null =
        song && state.songId
          ? {
              songId: state.songId,
              title: song.title,
              artists: song.artists,
              playlistId: state.playlistId,
              playlistName: state.playlistId ? (playlists.get(state.playlistId) ?? null) : null,
            }
          : null;
      summaries.set(playerId, {
        online: state.online,
        playing: state.playing,
        nowPlaying,
        lastSeenAt: state.lastSeenAt?.toISOString() ?? null,
      });
    }
    return summaries;
  }

  /** Removes a player of `userId` with its playlists; another user's id answers 404. */
  async remove(actor: Actor, id: string, userId: string): Promise<void> {
    const player = await this.find(id);
    assertMayChangePlayer(actor, player);
    if (player.userId !== userId) throw playerErrors.notFound();
    await repository.deletePlayer(this.deps.db, id);
  }

  /** Stores a client's request to buy a box player, for staff to call back. */
  async requestPurchase(
    actor: Actor,
    userId: string,
    body: Body<typeof playersApi.sendPlayerRequest>,
  ): Promise<PlayerRequest> {
    assertMayChangeClient(actor, userId);
    const account = await this.deps.findAccount(userId);
    if (!account || !isClientAccount(account)) throw playerErrors.ownerNotClient();
    const phone = normalizePhone(body.phone);
    if (!phone) throw errors.invalidPhone();
    const row = await repository.insertRequest(this.deps.db, {
      kind: "purchase",
      userId,
      playerId: null,
      playerName: null,
      name: body.name,
      phone,
      email: body.email?.toLowerCase() ?? null,
      company: body.company ?? null,
      address: body.address,
      quantity: body.quantity,
      comment: body.comment || null,
    });
    return this.presentRequest(row);
  }

  /** Stores a client's request to stop a player's service (staff then call and remove it). */
  async requestLeave(
    actor: Actor,
    userId: string,
    body: Body<typeof playersApi.leaveRequest>,
  ): Promise<PlayerRequest> {
    assertMayChangeClient(actor, userId);
    const player = await repository.findPlayer(this.deps.db, body.playerId);
    if (!player || player.userId !== userId) throw playerErrors.notFound();
    const row = await repository.insertRequest(this.deps.db, {
      kind: "leave",
      userId,
      playerId: player.id,
      playerName: player.name,
      name: null,
      phone: null,
      email: null,
      company: null,
      address: player.address,
      quantity: null,
      comment: body.comment || null,
    });
    return this.presentRequest(row);
  }

  async listRequests(
    actor: Actor,
    query: Query<typeof playersApi.listPlayerRequests>,
  ): Promise<Page<PlayerRequest>> {
    assertMayReadPlayersBase(actor);
    const { rows, total } = await repository.listRequests(this.deps.db, {
      kind: query.kind,
      limit: query.count,
      offset: query.page * query.count,
    });
    const names = await this.deps.accounts.namesOf([...new Set(rows.map((row) => row.userId))]);
    return toPage(
      rows.map((row) => this.presentRequest(row, names)),
      total,
      query.count,
    );
  }

  /** The playlists on a player, each marked playable while its owner may play it. */
  async playlists(actor: Actor, id: string): Promise<PlayerPlaylist[]> {
    const player = await this.find(id);
    assertMayReadPlayer(actor, player);
    return this.presentPlaylists(player);
  }

  /** Puts a playlist on a player: only one its owner may play (else 403). */
  async addPlaylist(actor: Actor, id: string, playlistId: string): Promise<PlayerPlaylist[]> {
    const player = await this.find(id);
    assertMayChangePlayer(actor, player);
    const allowed = await this.deps.allowedPlaylistIds(player.userId);
    if (!allowed.has(playlistId)) throw playerErrors.playlistNotAllowed();
    // A granted playlist may have gone to the trash since: then it is not there to add.
    if (!(await this.deps.playlistNames([playlistId])).has(playlistId)) {
      throw playerErrors.playlistNotAllowed();
    }
    if (!(await repository.addPlayerPlaylist(this.deps.db, id, playlistId))) {
      throw playerErrors.playlistAlreadyAdded();
    }
    return this.presentPlaylists(player);
  }

  async removePlaylist(actor: Actor, id: string, playlistId: string): Promise<PlayerPlaylist[]> {
    const player = await this.find(id);
    assertMayChangePlayer(actor, player);
    // Its windows go with it (the schedule's foreign key), and so does the fallback.
    const removed = await this.deps.db.transaction(async (tx) => {
      if (!(await repository.removePlayerPlaylist(tx, id, playlistId))) return false;
      if (player.fallbackPlaylistId === playlistId) await repository.clearFallback(tx, id);
      return true;
    });
    if (!removed) throw playerErrors.playlistNotOnPlayer();
    await this.deps.bus.publish({ kind: "schedule-changed", rooms: [], playerIds: [id] });
    return this.presentPlaylists(player);
  }

  /** A user's players that hold a playlist. */
  async playersWithPlaylist(actor: Actor, userId: string, playlistId: string): Promise<Player[]> {
    assertMayReadClient(actor, userId);
    const rows = await repository.playersWithPlaylist(this.deps.db, userId, playlistId);
    return this.present(
      actor,
      rows.map((row) => row.player),
    );
  }

  /**
   * The player socket's and the songs' view of players (realtime's
   * PlayerDirectory port); what players play is the schedules' part.
   */
  directory(): Omit<PlayerDirectory, "decide"> {
    return {
      findControllable: async (actor, playerId) => {
        const player = await this.findByAnyId(playerId);
        if (!player) return null;
        const own =
          actor.userId === player.userId &&
          (actor.sessionKind === "browser" || actor.establishmentId === player.establishmentId);
        return own ? { playerId: player.id, ownerId: player.userId } : null;
      },
      roomsOf: async (actor) => {
        if (actor.sessionKind !== "device" || !actor.establishmentId) return [];
        const rows = await repository.playersOfEstablishment(this.deps.db, actor.establishmentId);
        return rows.map((row) => playerRoom(row.id));
      },
      playlistsOf: async (actor, playerId) => {
        const player = await this.findByAnyId(playerId);
        if (!player) return null;
        try {
          assertMayReadPlayer(actor, player);
        } catch {
          return null;
        }
        const playlists = await this.presentPlaylists(player);
        return playlists
          .filter((playlist) => playlist.playable)
          .map((playlist) => playlist.playlistId);
      },
      countsByEstablishment: async (establishmentIds) => {
        // Online: the device's heartbeat is fresh (live.service.ts).
        return new Map<string, PlayerCounts>(
          await repository.countsByEstablishment(this.deps.db, establishmentIds, onlineSince()),
        );
      },
    };
  }

  /**
   * Forgets a deleted client's players and requests (the requests hold a
   * buyer's name, phone and e-mail), inside the deletion's transaction
   * (accounts' ClientRecords port).
   */
  async forgetClient(tx: Executor, clientId: string): Promise<() => Promise<void>> {
    await repository.deleteEverythingOfUser(tx, clientId);
    return async () => {};
  }

  private async establishmentFor(ownerId: string, given: string | undefined): Promise<string> {
    if (given) {
      const owned = await this.deps.establishments.findOwned(ownerId, given);
      if (!owned) throw playerErrors.establishmentNotFound();
      return owned.id;
    }
    const ids = await this.deps.establishments.idsOf(ownerId);
    if (ids.length === 0) throw playerErrors.noEstablishment();
    if (ids.length > 1) throw playerErrors.severalEstablishments();
    return ids[0] as string;
  }

  /**
   * Owners, establishments and names of players by id (history's port:
   * a play is filed under its player's venue); unknown ids are left out.
   */
  async placesOf(
    ids: readonly string[],
  ): Promise<Map<string, { userId: string; establishmentId: string; name: string }>> {
    const valid = [...new Set(ids)].filter((id) => uuidSchema.safeParse(id).success);
    const rows = await repository.findPlayers(this.deps.db, valid);
    return new Map(
      rows.map((row) => [
        row.id,
        { userId: row.userId, establishmentId: row.establishmentId, name: row.name },
      ]),
    );
  }

  /** The player of an id a socket message gave unchecked: one that is not a uuid names none. */
  private async findByAnyId(id: string): Promise<PlayerRow | undefined> {
    if (!uuidSchema.safeParse(id).success) return undefined;
    return repository.findPlayer(this.deps.db, id);
  }

  private async find(id: string): Promise<PlayerRow> {
    const row = await repository.findPlayer(this.deps.db, id);
    if (!row) throw playerErrors.notFound();
    return row;
  }

  private async presentPlaylists(player: PlayerRow): Promise<PlayerPlaylist[]> {
    const rows = await repository.playlistsOfPlayer(this.deps.db, player.id);
    const [names, allowed] = await Promise.all([
      this.deps.playlistNames(rows.map((row) => row.playlistId)),
      this.deps.allowedPlaylistIds(player.userId),
    ]);
    return rows.map((row) => {
      const name = names.get(row.playlistId);
      return {
        playlistId: row.playlistId,
        // A playlist in the trash keeps its place but neither a name nor play.
        name: name ?? "Удалённый плейлист",
        playable: name !== undefined && allowed.has(row.playlistId),
        addedAt: row.createdAt.toISOString(),
      };
    });
  }

  private async presentOne(actor: Actor, row: PlayerRow): Promise<Player> {
    const [player] = await this.present(actor, [row]);
    if (!player) throw playerErrors.notFound();
    return player;
  }

  private async present(actor: Actor, rows: PlayerRow[]): Promise<Player[]> {
    const names = await this.deps.establishments.namesOf([
      ...new Set(rows.map((row) => row.establishmentId)),
    ]);
    return rows.map((row) => ({
      id: row.id,
      userId: row.userId,
      establishmentId: row.establishmentId,
      establishmentName: names.get(row.establishmentId) ?? "",
      name: row.name,
      type: playerTypeOf(row.type),
      serialBoxNumber: row.serialBoxNumber,
      address: row.address,
      fallbackPlaylistId: row.fallbackPlaylistId,
      createdAt: row.createdAt.toISOString(),
      abilities: playerAbilities(actor, row),
    }));
  }

  private presentRequest(
    row: PlayerRequestRow,
    clientNames: Map<string, string> = new Map(),
  ): PlayerRequest {
    return {
      id: row.id,
      kind: row.kind === "leave" ? "leave" : "purchase",
      userId: row.userId,
      clientName: clientNames.get(row.userId) ?? "",
      playerId: row.playerId,
      playerName: row.playerName,
      name: row.name,
      phone: row.phone,
      email: row.email,
      company: row.company,
      address: row.address,
      quantity: row.quantity,
      comment: row.comment,
      createdAt: row.createdAt.toISOString(),
    };
  }
}

/** The live state of a player that never connected. */
const OFFLINE: PlayerLiveSummary = {
  online: false,
  playing: false,
  nowPlaying: null,
  lastSeenAt: null,
};

function playerTypeOf(value: string): PlayerType {
  return value === "boxPlayer" ? "boxPlayer" : "web";
}
