import type { PlayerLiveState } from "@fonika/shared";
import { useEffect, useState } from "react";
import { useAppServices } from "../../../lib/app-services.ts";

/**
 * The live state of a client's players, for support staff in an enquiry:
 * the app's socket is asked to watch the client (a snapshot of each
 * player's state, then its changes) and to stop when the screen goes. A
 * new connection forgets what the old one watched: on its `connected` the
 * watch is asked again.
 */
export function useWatchedPlayers(
  clientId: string | null,
): Readonly<Record<string, PlayerLiveState>> {
  const { playerSocket } = useAppServices();
  const [states, setStates] = useState<Record<string, PlayerLiveState>>({});
  useEffect(() => {
    if (!clientId) return;
    setStates({});
    const watch = () => playerSocket.send({ type: "watchClientPlayers", clientId });
    const stop = playerSocket.subscribe((message) => {
      if (message.type === "connected") watch();
      if (message.type !== "playerState") return;
      setStates((current) => ({ ...current, [message.state.playerId]: message.state }));
    });
    watch();
    return () => {
      stop();
      playerSocket.send({ type: "watchClientPlayers", clientId: null });
    };
  }, [clientId, playerSocket]);
  return states;
}
