import type { Player } from "@fonika/shared";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Icon } from "../../../components/ui/icon.tsx";
import { pathTo } from "../../../config/paths.ts";
import { PLAYER_TYPE_LABELS } from "../player-texts.ts";
import { RemovePlayerButton } from "./remove-player-button.tsx";
import "../players.css";

/**
 * Players as rows: the name leads to the player's page; type, serial and
 * address beside it; `renderLive` adds a line under each (its live state).
 */
export function PlayersList({
  players,
  label,
  renderLive,
}: {
  players: readonly Player[];
  label: string;
  renderLive?: (player: Player) => ReactNode;
}) {
  return (
    <ul className="players-list" aria-label={label}>
      {players.map((player) => (
        <li key={player.id} className="players-list__item">
          <span className="players-list__icon" aria-hidden="true">
            <Icon name={player.type === "boxPlayer" ? "device" : "globe"} />
          </span>
          <div className="players-list__main">
            <Link to={pathTo("Player", { id: player.id })} className="players-list__name">
              {player.name}
            </Link>
            <span className="players-list__meta">
              {PLAYER_TYPE_LABELS[player.type]}
              {player.serialBoxNumber && ` · № ${player.serialBoxNumber}`}
            </span>
            <span className="players-list__address">{player.address}</span>
          </div>
          <RemovePlayerButton player={player} />
          {renderLive?.(player)}
        </li>
      ))}
    </ul>
  );
}
