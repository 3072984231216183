import {
  type ClientSocketMessage,
  type PlayerLiveState,
  type ServerSocketMessage,
  serverSocketMessageSchema,
} from "@fonika/shared";
import { act, renderHook } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { PLAYER_LIVE_TEXTS } from "../player-texts.ts";
import {
  COMMAND_TIMEOUT_MS,
  currentPosition,
  type LiveSocket,
  usePlayersLive,
} from "./use-players-live.ts";

const PLAYER = "00000000-0000-4000-8000-0000000000a1";
const OTHER = "00000000-0000-4000-8000-0000000000a2";
const SONG = "00000000-0000-4000-8000-0000000000b1";
const NEXT_SONG = "00000000-0000-4000-8000-0000000000b2";
const PLAYLIST = "00000000-0000-4000-8000-0000000000c1";

/** A socket the test speaks for: every frame goes through the shared schema, as the real client's do. */
class ScriptedSocket implements LiveSocket {
  readonly sent: ClientSocketMessage[] = [];
  private listeners = new Set<(message: ServerSocketMessage) => void>();
  send(message: ClientSocketMessage) {
    this.sent.push(message);
  }
  subscribe(listener: (message: ServerSocketMessage) => void) {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }
  serverSends(frame: unknown) {
    const message = serverSocketMessageSchema.parse(JSON.parse(JSON.stringify(frame)));
    act(() => {
      for (const listener of this.listeners) listener(message);
    });
  }
}

function stateOf(changes: Partial<PlayerLiveState> = {}): PlayerLiveState {
  return {
    playerId: PLAYER,
    songId: SONG,
    previousSongId: null,
    nextSongId: NEXT_SONG,
    playlistId: PLAYLIST,
    positionSeconds: 30,
    positionAt: "2026-11-25T10:00:00.000Z",
    loop: false,
    shuffle: false,
    volume: 80,
    playing: true,
    online: true,
    lastSeenAt: "2026-11-25T10:00:00.000Z",
    ...changes,
  };
}

function setup() {
  const socket = new ScriptedSocket();
  const view = renderHook(() => usePlayersLive([PLAYER], socket));
  return { socket, view, live: () => view.result.current.live(PLAYER) };
}

describe("the live state of a page's players", () => {
  it("applies the snapshot, then each change; other players' frames are ignored", () => {
    const { socket, live } = setup();
    expect(live().state).toBeNull();
    socket.serverSends({ type: "playerState", state: stateOf() });
    expect(live().state?.songId).toBe(SONG);
    socket.serverSends({
      type: "playerState",
      state: stateOf({ songId: NEXT_SONG, nextSongId: null }),
    });
    expect(live().state?.songId).toBe(NEXT_SONG);
    socket.serverSends({ type: "playerState", state: stateOf({ playerId: OTHER, volume: 5 }) });
    expect(live().state?.volume).toBe(80);
  });

  it("shows a command pending until the server's state confirms it", () => {
    const { socket, view, live } = setup();
    socket.serverSends({ type: "playerState", state: stateOf() });
    act(() => view.result.current.command(PLAYER, { kind: "pause" }));
    expect(socket.sent).toEqual([{ type: "pause", playerId: PLAYER }]);
    expect(live().pending).toBe("pause");
    expect(live().state?.playing).toBe(true);
    socket.serverSends({ type: "pong" });
    expect(live().pending).toBe("pause");
    socket.serverSends({ type: "playerState", state: stateOf({ playing: false }) });
    expect(live().pending).toBeNull();
    expect(live().state?.playing).toBe(false);
  });

  it("sends each button as its §4 message", () => {
    const { socket, view } = setup();
    act(() => {
      view.result.current.command(PLAYER, { kind: "next" });
      view.result.current.command(PLAYER, { kind: "previous" });
      view.result.current.command(PLAYER, { kind: "loop", on: true });
      view.result.current.command(PLAYER, { kind: "loop", on: false });
      view.result.current.command(PLAYER, { kind: "shuffle", playlistId: PLAYLIST });
      view.result.current.command(PLAYER, { kind: "volume", volume: 40 });
      view.result.current.command(PLAYER, { kind: "play" });
    });
    expect(socket.sent.map((message) => message.type)).toEqual([
      "playNextSongRequested",
      "playPrevSongRequested",
      "enableLoopPlayingRequested",
      "disableLoopPlayingRequested",
      "shuffleRequested",
      "volume",
      "play",
    ]);
  });

  it("shows why a command did not take effect: the player is not started, or the server's reason", () => {
    const { socket, view, live } = setup();
    socket.serverSends({ type: "playerState", state: stateOf({ online: false, playing: false }) });
    act(() => view.result.current.command(PLAYER, { kind: "play" }));
    socket.serverSends({ type: "needToStartPlayerError", playerId: PLAYER });
    expect(live().pending).toBeNull();
    expect(live().problem).toBe(PLAYER_LIVE_TEXTS.needToStart);

    act(() => view.result.current.command(PLAYER, { kind: "shuffle", playlistId: PLAYLIST }));
    expect(live().problem).toBeNull();
    socket.serverSends({ type: "error", message: "Этого плейлиста нет на плеере" });
    expect(live().problem).toBe("Этого плейлиста нет на плеере");
  });

  it("after a reconnect the snapshot replaces what was shown", () => {
    const { socket, view, live } = setup();
    socket.serverSends({ type: "playerState", state: stateOf() });
    act(() => view.result.current.command(PLAYER, { kind: "next" }));
    // The connection dropped; the new one's snapshot is the first frame.
    socket.serverSends({ type: "pong" });
    socket.serverSends({
      type: "playerState",
      state: stateOf({ songId: NEXT_SONG, online: false, playing: false, volume: 20, loop: true }),
    });
    expect(live().state).toEqual(
      stateOf({ songId: NEXT_SONG, online: false, playing: false, volume: 20, loop: true }),
    );
    expect(live().pending).toBeNull();
  });

  it("says the player did not answer when no state confirms a command in time", () => {
    vi.useFakeTimers();
    try {
      const { socket, view, live } = setup();
      socket.serverSends({ type: "playerState", state: stateOf() });
      act(() => view.result.current.command(PLAYER, { kind: "next" }));
      act(() => vi.advanceTimersByTime(COMMAND_TIMEOUT_MS - 1));
      expect(live().pending).toBe("next");
      act(() => view.result.current.command(PLAYER, { kind: "pause" }));
      // The first command's timeout leaves the newer one waiting.
      act(() => vi.advanceTimersByTime(1));
      expect(live().pending).toBe("pause");
      act(() => vi.advanceTimersByTime(COMMAND_TIMEOUT_MS));
      expect(live().pending).toBeNull();
      expect(live().problem).toBe(PLAYER_LIVE_TEXTS.noAnswer);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("the position of the song now", () => {
  it("moves on from the reported position while playing and stays while paused", () => {
    const reported = Date.parse("2026-11-25T10:00:00.000Z");
    expect(currentPosition(stateOf(), reported + 12_500)).toBe(42.5);
    expect(currentPosition(stateOf({ playing: false }), reported + 12_500)).toBe(30);
  });
});
