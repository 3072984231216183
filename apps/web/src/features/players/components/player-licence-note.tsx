import type { IncomingSocketMessage, Player } from "@fonika/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { Link } from "react-router";
import { Icon } from "../../../components/ui/icon.tsx";
import { pathTo } from "../../../config/paths.ts";
import { playerQueryKey } from "../api/get-player.ts";
import { PLAYER_LICENCE_TEXTS } from "../player-texts.ts";

/**
 * Why a player is silent when its venue is not licensed (issue 27): "Нет
 * активной подписки" and what to do, instead of a silence that looks like
 * a fault. Nothing is shown while the licence is active.
 */
export function PlayerLicenceNote({ player }: { player: Player }) {
  const { state } = player.licence;
  if (state === "active") return null;
  return (
    <div className="card player-licence" role="alert" data-testid="player-licence">
      <p className="player-licence__title">
        <Icon name="alert" />
        {PLAYER_LICENCE_TEXTS.title}
      </p>
      <p>{PLAYER_LICENCE_TEXTS.hint[state]}</p>
      {state === "none" && (
        <Link className="button button--primary" to={pathTo("Subscribe")}>
          {PLAYER_LICENCE_TEXTS.subscribe}
        </Link>
      )}
    </div>
  );
}

/** The part of the player socket this page listens to (lib/socket.ts's PlayerSocket). */
interface StatusSocket {
  subscribe(listener: (message: IncomingSocketMessage) => void): () => void;
}

/**
 * Reads the player again when its schedule's status tells another licence
 * than the page shows: a client manager's activation turns the note into
 * music on the owner's page without a reload.
 */
export function useLicenceFollowing(player: Player | undefined, socket: StatusSocket): void {
  const queryClient = useQueryClient();
  const playerId = player?.id;
  const shown = player?.licence.state;
  useEffect(() => {
    if (!playerId) return;
    return socket.subscribe((message) => {
      if (message.type !== "status" || message.playerId !== playerId) return;
      if (message.schedule.licence !== shown) {
        void queryClient.invalidateQueries({ queryKey: playerQueryKey(playerId) });
      }
    });
  }, [playerId, shown, socket, queryClient]);
}
