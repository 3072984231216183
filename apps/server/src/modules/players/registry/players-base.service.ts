import type { NowPlaying, PlayerLiveSummary, playersApi, StaffPlayer } from "@fonika/shared";
import type { z } from "zod";
import type { Actor } from "../../../kernel/actor.ts";
import { type Page, toPage } from "../../../lib/paging.ts";
import { onlineSince } from "../live/live.policy.ts";
import type { LiveSummaryRow } from "../live/live.repository.ts";
import { assertMayReadPlayer, assertMayReadPlayersBase } from "./players.policy.ts";
import { PlayerPresenter } from "./players.presenter.ts";
import type { RegistryDependencies } from "./players.service.ts";

type Query<E extends { query?: z.ZodType }> = z.output<NonNullable<E["query"]>>;

export type PlayersBaseDependencies = Pick<
  RegistryDependencies,
  "store" | "accounts" | "establishments" | "entitlement" | "playlistNames" | "songFacts"
>;

/**
 * The players base staff read, and the read-only live state of a player:
 * every player with its client, establishment and what it plays now,
 * named through the library. Nothing here changes a player.
 */
export class PlayersBaseService {
  private readonly presenter: PlayerPresenter;

  constructor(private readonly deps: PlayersBaseDependencies) {
    this.presenter = new PlayerPresenter(deps);
  }

  /**
   * The players base: every player with its client, establishment and live
   * state, found by any of them and filtered by online, playback, type and an open silence alert.
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
    const { rows, total } = await this.deps.store.players.searchPlayers({
      query: text,
      userIds,
      establishmentIds,
      type: query.type,
      status: query.status,
      playback: query.playback,
      alert: query.alert,
      freshSince,
      sortBy: query.sortBy,
      limit: query.count,
      offset: query.page * query.count,
    });
    const [players, clientNames, live] = await Promise.all([
      this.presenter.present(actor, rows),
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
    const player = await this.presenter.find(id);
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
    const [states, silent] = await Promise.all([
      this.deps.store.live.liveSummaries(playerIds, freshSince),
      this.deps.store.silenceAlerts.silentSinceOf(playerIds),
    ]);
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
        silentSince: silent.get(playerId)?.toISOString() ?? null,
      });
    }
    return summaries;
  }
}

/** The live state of a player that never connected. */
const OFFLINE: PlayerLiveSummary = {
  online: false,
  playing: false,
  nowPlaying: null,
  lastSeenAt: null,
  silentSince: null,
};
