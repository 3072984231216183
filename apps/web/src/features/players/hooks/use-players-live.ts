import type { ClientSocketMessage, IncomingSocketMessage, PlayerLiveState } from "@fonika/shared";
import { useCallback, useEffect, useReducer, useRef } from "react";
import { PLAYER_LIVE_TEXTS } from "../player-texts.ts";

/** The part of the player socket the remote control uses (lib/socket.ts's PlayerSocket). */
export interface LiveSocket {
  send(message: ClientSocketMessage): void;
  subscribe(listener: (message: IncomingSocketMessage) => void): () => void;
}

/** What a button of the remote control asks for. */
export type PlayerCommand =
  | { kind: "play" }
  | { kind: "pause" }
  /** «Продолжить»: the paused song goes on from where it stopped. */
  | { kind: "resume" }
  /** «Играть сейчас»: this song of this playlist (one of the player's), now. */
  | { kind: "playSong"; songId: string; playlistId: string }
  | { kind: "next" }
  | { kind: "previous" }
  | { kind: "loop"; on: boolean }
  | { kind: "shuffle"; playlistId: string }
  | { kind: "volume"; volume: number };
export type PlayerCommandKind = PlayerCommand["kind"];

/** One player as the page knows it. */
export interface PlayerLive {
  /** The server's last word on the player; null until its snapshot arrives. */
  state: PlayerLiveState | null;
  /** The command sent and not yet confirmed by a state from the server. */
  pending: PlayerCommandKind | null;
  /** Which command `pending` is, so a late timeout of an older one changes nothing. */
  sequence: number;
  /** Why the last command did not take effect. */
  problem: string | null;
}

export type PlayersLive = Readonly<Record<string, PlayerLive>>;

const EMPTY: PlayerLive = { state: null, pending: null, sequence: 0, problem: null };

/** How long a command may wait for the server's state before the remote says it got no answer. */
export const COMMAND_TIMEOUT_MS = 5_000;

/** The socket message a command is sent as (SPEC.md §4). */
export function commandMessage(playerId: string, command: PlayerCommand): ClientSocketMessage {
  switch (command.kind) {
    case "play":
      return { type: "play", playerId };
    case "pause":
      return { type: "pause", playerId };
    case "resume":
      return { type: "resumePlay", playerId };
    case "playSong":
      return {
        type: "playSongRequested",
        playerId,
        songId: command.songId,
        playlistId: command.playlistId,
      };
    case "next":
      return { type: "playNextSongRequested", playerId };
    case "previous":
      return { type: "playPrevSongRequested", playerId };
    case "loop":
      return {
        type: command.on ? "enableLoopPlayingRequested" : "disableLoopPlayingRequested",
        playerId,
      };
    case "shuffle":
      return { type: "shuffleRequested", playerId, playlistId: command.playlistId };
    case "volume":
      return { type: "volume", playerId, volume: command.volume };
  }
}

type LiveEvent =
  | { type: "sent"; playerId: string; kind: PlayerCommandKind; sequence: number }
  | { type: "expired"; playerId: string; sequence: number }
  | { type: "received"; message: IncomingSocketMessage };

/**
 * Applies what happened to the players the page shows. A `playerState`
 * (the snapshot after every (re)connect, then each change) replaces the
 * player's state whole and confirms its pending command; a refusal ends the
 * pending command with its reason. A socket `error` names no player: it
 * answers the command still pending (refusals go to the sender only).
 */
export function applyLiveEvent(players: PlayersLive, event: LiveEvent): PlayersLive {
  if (event.type === "sent") {
    const current = players[event.playerId] ?? EMPTY;
    return {
      ...players,
      [event.playerId]: {
        ...current,
        pending: event.kind,
        sequence: event.sequence,
        problem: null,
      },
    };
  }
  if (event.type === "expired") {
    const current = players[event.playerId];
    if (!current?.pending || current.sequence !== event.sequence) return players;
    return {
      ...players,
      [event.playerId]: { ...current, pending: null, problem: PLAYER_LIVE_TEXTS.noAnswer },
    };
  }
  const message = event.message;
  switch (message.type) {
    case "playerState": {
      const id = message.state.playerId;
      const current = players[id] ?? EMPTY;
      // A refusal stays shown until the player is back online or is commanded again.
      const problem = message.state.online ? null : current.problem;
      return { ...players, [id]: { ...current, state: message.state, pending: null, problem } };
    }
    case "needToStartPlayerError": {
      const current = players[message.playerId] ?? EMPTY;
      return {
        ...players,
        [message.playerId]: { ...current, pending: null, problem: PLAYER_LIVE_TEXTS.needToStart },
      };
    }
    case "error": {
      const waiting = Object.entries(players).filter(([, player]) => player.pending);
      if (waiting.length === 0) return players;
      const next = { ...players };
      for (const [id, player] of waiting) {
        next[id] = { ...player, pending: null, problem: message.message };
      }
      return next;
    }
    default:
      return players;
  }
}

/**
 * The live state of the players a page shows, kept from the player socket,
 * and a way to command them. Only the listed players are kept; the socket
 * itself (connect, ping, reconnect) is the app's.
 */
export function usePlayersLive(
  playerIds: readonly string[],
  source: LiveSocket,
  timeoutMs: number = COMMAND_TIMEOUT_MS,
) {
  const [players, dispatch] = useReducer(applyLiveEvent, {} as PlayersLive);
  const sequence = useRef(0);
  const timeouts = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timeouts.current;
    return () => {
      for (const handle of pending) clearTimeout(handle);
    };
  }, []);
  const wanted = playerIds.join(",");

  useEffect(() => {
    const ids = new Set(wanted.split(","));
    return source.subscribe((message) => {
      const about =
        message.type === "playerState"
          ? message.state.playerId
          : "playerId" in message
            ? message.playerId
            : null;
      if (about !== null && !ids.has(about)) return;
      dispatch({ type: "received", message });
    });
  }, [source, wanted]);

  const command = useCallback(
    (playerId: string, order: PlayerCommand) => {
      sequence.current += 1;
      const sent = sequence.current;
      dispatch({ type: "sent", playerId, kind: order.kind, sequence: sent });
      source.send(commandMessage(playerId, order));
      // A closed socket drops the command: say so instead of waiting forever.
      const handle = setTimeout(() => {
        timeouts.current.delete(handle);
        dispatch({ type: "expired", playerId, sequence: sent });
      }, timeoutMs);
      timeouts.current.add(handle);
    },
    [source, timeoutMs],
  );

  const live = useCallback((playerId: string): PlayerLive => players[playerId] ?? EMPTY, [players]);
  return { live, command };
}

/** Seconds into the song now: the reported position, moved on by the time since while playing. */
export function currentPosition(state: PlayerLiveState, now: number): number {
  if (!state.playing || !state.positionAt) return state.positionSeconds;
  const since = (now - Date.parse(state.positionAt)) / 1000;
  return state.positionSeconds + Math.max(0, since);
}
