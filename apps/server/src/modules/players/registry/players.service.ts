import {
  type Player,
  type PlayerDecision,
  type playersApi,
  type TokenPair,
  uuidSchema,
} from "@fonika/shared";
import type { z } from "zod";
import type { Executor } from "../../../db/client.ts";
import type { Actor } from "../../../kernel/actor.ts";
import { errors } from "../../../lib/app-error.ts";
import { BusCache } from "../../../lib/bus-cache.ts";
import {
  assertMayChangeClient,
  assertMayReadClient,
  isClientAccount,
} from "../../../lib/client-access.ts";
import { type Page, toPage } from "../../../lib/paging.ts";
import type { EventBus } from "../../../realtime/bus.ts";
import { playerRoom } from "../../../realtime/hub.ts";
import type { Entitlement } from "../../entitlement/entitlement.ts";
import { PlayersStore } from "../players.store.ts";
import { FirstMusic, startWithMusic } from "./first-music.ts";
import type { PlayerCounts, PlayerDirectory } from "./player-directory.service.ts";
import { playerErrors, webPlayerName } from "./players.errors.ts";
import {
  assertMayChangePlayer,
  assertMayPlayInBrowser,
  assertMayReadPlayer,
} from "./players.policy.ts";
import { PlayerPresenter } from "./players.presenter.ts";
import type { PlayerRow } from "./players.repository.ts";

/** A player that a control message may reach, with the user who owns it. */
export interface ControllablePlayer {
  playerId: string;
  ownerId: string;
}

/**
 * What the player socket and the remote control ask of players: who may
 * control one, the rooms of a socket, what a player may play and decides
 * to play now (the schedules' part, which the face adds), and the venues'
 * counts.
 */
export interface PlayerSocketDirectory {
  /**
   * The player `actor` may control, or null when it does not exist or is
   * not the actor's to control — the socket answers both alike so that
   * nobody learns which player ids exist.
   */
  findControllable(actor: Actor, playerId: string): Promise<ControllablePlayer | null>;
  /** Rooms a socket of `actor` joins besides its user room (a player device joins its player's). */
  roomsOf(actor: Actor): Promise<string[]>;
  /**
   * The playlists the player plays (those on it its venue may play now),
   * or null when it does not exist or is not the actor's to see.
   */
  playlistsOf(actor: Actor, playerId: string): Promise<string[] | null>;
  /**
   * How many players each establishment has and how many of them are
   * online; an establishment without players is absent from the map.
   */
  countsByEstablishment(establishmentIds: string[]): Promise<Map<string, PlayerCounts>>;
  /**
   * What each of these players plays at `instantMs` by its schedule (unknown
   * ids are absent): the socket decides again on a `schedule-changed` event
   * and at each decision's `decideAgainAt`. No access check: the caller
   * names players it already reached.
   */
  decide(playerIds: string[], instantMs: number): Promise<Map<string, PlayerDecision>>;
}

/** Where a player stands: its owner and establishment. */
type Placement = Pick<PlayerRow, "id" | "userId" | "establishmentId">;

type Body<E extends { body?: z.ZodType }> = z.output<NonNullable<E["body"]>>;
type Query<E extends { query?: z.ZodType }> = z.output<NonNullable<E["query"]>>;

/** The browser a call came from: its address and User-Agent header as sent. */
export interface BrowserAtHand {
  ip: string;
  userAgent: string | string[] | undefined;
}

/** What the players' registry needs of other modules (the face `players.ts` passes them on). */
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
    findOwned(
      clientId: string,
      id: string,
    ): Promise<{ id: string; name: string; address: string } | undefined>;
    namesOf(ids: string[]): Promise<Map<string, string>>;
    idsMatching(query: string): Promise<string[]>;
  };
  /**
   * What each venue's subscription offers and its licence allows now (the
   * entitlement module): players play only their own venue's music.
   */
  entitlement: Pick<Entitlement, "ofVenue" | "ofVenues">;
  /** Names of live playlists by id (the library). */
  playlistNames(ids: readonly string[]): Promise<Map<string, string>>;
  /**
   * Device sessions bound to one player (auth): a browser that plays a web
   * player gets one; a removed player's end.
   */
  playerSessions: {
    start(
      ownerId: string,
      place: { establishmentId: string; playerId: string },
      client: BrowserAtHand,
    ): Promise<TokenPair>;
    endFor(playerIds: readonly string[]): Promise<void>;
  };
  /** Titles and artists of songs by id, removed ones included (the library). */
  songFacts(ids: readonly string[]): Promise<Map<string, { title: string; artists: string[] }>>;
}

export interface RegistryDependencies extends PlayerPorts {
  store: PlayersStore;
  /** What other modules read of players (made before them): the venues' player counts. */
  directory: Pick<PlayerDirectory, "countsByEstablishment">;
  /** Taking a playlist off a player changes what it plays: published as `schedule-changed`. */
  bus: EventBus;
}

/**
 * Players: added to an establishment of their owner, changed and removed by
 * the owner or a client manager; the directory the player socket asks; and
 * what other modules learn of players (a web player's device code, a deleted
 * client's records; where players stand is `player-directory.service.ts`).
 * The players base staff read is `players-base.service.ts`,
 * the playlists on players `player-playlists.service.ts` and clients'
 * requests `player-requests.service.ts`; all present players alike
 * (`players.presenter.ts`).
 */
export class PlayersService {
  private readonly presenter: PlayerPresenter;
  private readonly firstMusic: FirstMusic;
  /**
   * Where each player stands (its owner and establishment), asked by every
   * command of the remote control: kept in memory, since a player never
   * changes owner or venue, and forgotten on every process when it is
   * removed (`players-removed`); 60 s bound what a lost event could leave
   * (an entry older is read again behind the answer that used it).
   */
  private readonly placements: BusCache<Placement>;

  constructor(private readonly deps: RegistryDependencies) {
    this.presenter = new PlayerPresenter(deps);
    this.firstMusic = new FirstMusic(deps);
    // The players a reconnect storm's devices name are read a batch at a time.
    const loadMany = async (ids: readonly string[]) =>
      new Map((await deps.store.players.findPlacements(ids)).map((row) => [row.id, row]));
    this.placements = new BusCache({
      load: async (id) => (await loadMany([id])).get(id),
      loadMany,
      // A command reads it first: it never waits for the database once the player was seen.
      staleWhileRevalidate: true,
    });
    // Listening ends with the bus, which closes with the app.
    deps.bus.subscribe((event) => {
      if (event.kind === "players-removed") this.placements.forget(event.playerIds);
    });
    deps.bus.onGap(() => this.placements.clear());
  }

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
    const firstMusic = await this.firstMusic.offeredAt(establishmentId);
    const row = await this.deps.store.withTx(async (tx) => {
      const inserted = await tx.players.insertPlayer({
        userId: ownerId,
        establishmentId,
        name: body.name,
        type: body.type,
        serialBoxNumber: body.type === "boxPlayer" ? (body.serialBoxNumber ?? null) : null,
        address: body.address,
      });
      if (inserted === "taken") throw playerErrors.serialTaken();
      if (!firstMusic) return inserted;
      await startWithMusic(tx, inserted.id, firstMusic);
      return { ...inserted, fallbackPlaylistId: firstMusic };
    });
    return this.presenter.presentOne(actor, row);
  }

  async change(
    actor: Actor,
    id: string,
    body: Body<typeof playersApi.changePlayer>,
  ): Promise<Player> {
    const player = await this.presenter.find(id);
    assertMayChangePlayer(actor, player);
    await this.deps.store.players.updatePlayer(id, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.address !== undefined ? { address: body.address } : {}),
      ...(body.crossfadeSeconds !== undefined ? { crossfadeSeconds: body.crossfadeSeconds } : {}),
    });
    if (body.crossfadeSeconds !== undefined && body.crossfadeSeconds !== player.crossfadeSeconds) {
      // How it plays changed: its web player reads its plan again (as on a schedule change).
      await this.deps.bus.publish({ kind: "schedule-changed", rooms: [], playerIds: [id] });
    }
    return this.presenter.presentOne(actor, await this.presenter.find(id));
  }

  async get(actor: Actor, id: string): Promise<Player> {
    const player = await this.presenter.find(id);
    assertMayReadPlayer(actor, player);
    return this.presenter.presentOne(actor, player);
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
      // A device bound to one player (a web player's) knows of that one only.
      if (actor.playerId) return this.boundDevicePlayers(actor, actor.playerId, query);
    } else {
      assertMayReadClient(actor, userId);
    }
    const { rows, total } = await this.deps.store.players.listPlayersOfUser(userId, {
      establishmentId,
      limit: query.limit,
      offset: query.offset,
    });
    return toPage(await this.presenter.present(actor, rows), total, query.limit);
  }

  private async boundDevicePlayers(
    actor: Actor,
    playerId: string,
    query: Query<typeof playersApi.listUserPlayers>,
  ): Promise<Page<Player>> {
    const row = await this.deps.store.players.findPlayer(playerId);
    const rows = row && query.offset === 0 ? [row] : [];
    return toPage(await this.presenter.present(actor, rows), row ? 1 : 0, query.limit);
  }

  /** Removes a player of `userId` with its playlists; another user's id answers 404. */
  async remove(actor: Actor, id: string, userId: string): Promise<void> {
    const player = await this.presenter.find(id);
    assertMayChangePlayer(actor, player);
    if (player.userId !== userId) throw playerErrors.notFound();
    await this.deps.store.players.deletePlayer(id);
    // The devices that played it stop at once, their sessions and sockets ended:
    // a web player's, and a box's bound to it since its socket named it.
    await this.deps.playerSessions.endFor([id]);
    await this.announceRemoved([id]);
  }

  /**
   * Its owner plays a web player in the browser at hand, with no device
   * code: a device session bound to the player, as an approved web
   * player's code gives.
   */
  async playHere(
    actor: Actor,
    id: string,
    client: BrowserAtHand,
  ): Promise<{ tokens: TokenPair; playerId: string }> {
    const player = await this.presenter.find(id);
    assertMayPlayInBrowser(actor, player);
    const tokens = await this.deps.playerSessions.start(
      player.userId,
      { establishmentId: player.establishmentId, playerId: player.id },
      client,
    );
    return { tokens, playerId: player.id };
  }

  /**
   * The web player a web player's device code plays (auth's port), in two
   * steps: the checks now, and what answers the player's id inside the
   * approval's transaction. The named player must be the approver's web
   * player of that establishment; without one a new web player is made
   * there, named «Веб-плеер N» (the next number free among its web
   * players) and placed at the establishment's address. A new one plays
   * as soon as its venue is licensed: the first by name of the playlists
   * the venue's subscription offers (active, or still waiting for a client
   * manager) is put on it as its fallback, all day until the owner
   * schedules it; so is a named one that has no music yet (issue 28).
   */
  async prepareWebPlayer(
    actor: Actor,
    establishmentId: string,
    playerId: string | undefined,
  ): Promise<(tx: Executor) => Promise<string>> {
    if (playerId !== undefined) {
      const player = await this.presenter.find(playerId);
      assertMayPlayInBrowser(actor, player);
      if (player.establishmentId !== establishmentId) throw playerErrors.otherEstablishment();
      const firstMusic = await this.firstMusic.of(player);
      return async (tx) => {
        if (firstMusic) await startWithMusic(new PlayersStore(tx), player.id, firstMusic);
        return player.id;
      };
    }
    assertMayChangeClient(actor, actor.userId);
    const establishment = await this.deps.establishments.findOwned(actor.userId, establishmentId);
    if (!establishment) throw playerErrors.establishmentNotFound();
    const firstMusic = await this.firstMusic.offeredAt(establishmentId);
    return async (executor) => {
      const tx = new PlayersStore(executor);
      const names = new Set(await tx.players.playerNamesOfEstablishment(establishmentId, "web"));
      let number = names.size + 1;
      while (names.has(webPlayerName(number))) number += 1;
      const row = await tx.players.insertPlayer({
        userId: actor.userId,
        establishmentId,
        name: webPlayerName(number),
        type: "web",
        serialBoxNumber: null,
        address: establishment.address,
      });
      if (row === "taken") throw new Error("A web player has no serial number to clash");
      if (firstMusic) await startWithMusic(tx, row.id, firstMusic);
      return row.id;
    };
  }

  /**
   * A box bound to its player by its socket (auth's port) starts with its
   * venue's first music if it has none yet (`first-music.ts`).
   */
  giveFirstMusic(playerId: string): Promise<void> {
    return this.firstMusic.give(playerId);
  }

  /** Whether a player exists (auth's port: a device code's player may be removed before delivery). */
  async exists(db: Executor, id: string): Promise<boolean> {
    return (await new PlayersStore(db).players.findPlayer(id)) !== undefined;
  }

  /**
   * The player socket's and the songs' view of players (realtime's
   * PlayerDirectory port); what players play is the schedules' part.
   */
  directory(): Omit<PlayerSocketDirectory, "decide"> {
    return {
      findControllable: async (actor, playerId) => {
        // Every command asks: where a player stands is kept in memory (see `placements`).
        const player = uuidSchema.safeParse(playerId).success
          ? await this.placements.get(playerId)
          : undefined;
        if (!player) return null;
        const own =
          actor.userId === player.userId &&
          (actor.sessionKind === "browser" ||
            (actor.establishmentId === player.establishmentId &&
              (!actor.playerId || actor.playerId === player.id)));
        return own ? { playerId: player.id, ownerId: player.userId } : null;
      },
      roomsOf: async (actor) => {
        if (actor.sessionKind !== "device" || !actor.establishmentId) return [];
        if (actor.playerId) return [playerRoom(actor.playerId)];
        const rows = await this.deps.store.players.playersOfEstablishment(actor.establishmentId);
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
        const playlists = await this.presenter.presentPlaylists(player);
        return playlists
          .filter((playlist) => playlist.playable)
          .map((playlist) => playlist.playlistId);
      },
      countsByEstablishment: (establishmentIds) =>
        this.deps.directory.countsByEstablishment(establishmentIds),
    };
  }

  /** The establishment a player stands in, from memory (see `placements`); undefined: no such player. */
  async establishmentOf(playerId: string): Promise<string | undefined> {
    return (await this.placements.get(playerId))?.establishmentId;
  }

  /** The players of an establishment with their owners (the explicit filter changed there). */
  async ofEstablishment(establishmentId: string): Promise<ControllablePlayer[]> {
    const rows = await this.deps.store.players.playersOfEstablishment(establishmentId);
    return rows.map((row) => ({ playerId: row.id, ownerId: row.userId }));
  }

  /**
   * Forgets a deleted client's players and requests (the requests hold a
   * buyer's name, phone and e-mail), inside the deletion's transaction
   * (accounts' ClientRecords port).
   */
  async forgetClient(tx: Executor, clientId: string): Promise<() => Promise<void>> {
    const removed = await new PlayersStore(tx).players.deleteEverythingOfUser(clientId);
    return () => this.announceRemoved(removed);
  }

  /** Tells every process these players are gone (after the removal is stored). */
  private async announceRemoved(playerIds: string[]): Promise<void> {
    if (playerIds.length === 0) return;
    await this.deps.bus.publish({ kind: "players-removed", rooms: [], playerIds });
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

  /** The player of an id a socket message gave unchecked: one that is not a uuid names none. */
  private async findByAnyId(id: string): Promise<PlayerRow | undefined> {
    if (!uuidSchema.safeParse(id).success) return undefined;
    return this.deps.store.players.findPlayer(id);
  }
}
