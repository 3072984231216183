import type { Player } from "@fonika/shared";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { DisclosureSection } from "../../../components/ui/disclosure-section.tsx";
import { pathTo } from "../../../config/paths.ts";
import { useAppServices } from "../../../lib/app-services.ts";
import { formatDate } from "../../../lib/format.ts";
import { usePlayersLive } from "../hooks/use-players-live.ts";
import { PLAYER_TYPE_LABELS } from "../player-texts.ts";
import { PlayerPairingSection } from "./player-pairing.tsx";

interface PlayerSummaryProps {
  player: Player;
  /** Set when staff look at a client's player: the venue link opens the client's establishment. */
  clientId?: string;
  /** The owner, as staff see them: their name, linked to the client's page when the role may open it. */
  client?: { name: string; path?: string | undefined };
  /** What may be done with the player as a whole («Удалить»), under its facts. */
  children?: ReactNode;
}

/**
 * While no device has played the player, how its owner pairs it (issue 28):
 * the first thing on the player's page, above the remote.
 */
export function PlayerPairingNote({ player }: { player: Player }) {
  const { playerSocket } = useAppServices();
  const { live } = usePlayersLive([player.id], playerSocket);
  return <PlayerPairingSection player={player} state={live(player.id).state} />;
}

/**
 * The player's facts: type, serial, owner (for staff), venue, address, when
 * it was added, and under them what is done to the player as a whole. Folded
 * on a phone until opened; closed, it says the type and since when the
 * player is there.
 */
export function PlayerSummary({ player, clientId, client, children }: PlayerSummaryProps) {
  return (
    <DisclosureSection
      title="Плеер"
      rememberAs="player.facts"
      summary={`${PLAYER_TYPE_LABELS[player.type]} · с ${formatDate(player.createdAt)}`}
    >
      <dl className="summary">
        {client && (
          <div className="summary__row">
            <dt>Клиент</dt>
            <dd>{client.path ? <Link to={client.path}>{client.name}</Link> : client.name}</dd>
          </div>
        )}
        <div className="summary__row">
          <dt>Тип</dt>
          <dd>{PLAYER_TYPE_LABELS[player.type]}</dd>
        </div>
        {player.serialBoxNumber && (
          <div className="summary__row">
            <dt>Серийный номер</dt>
            <dd>{player.serialBoxNumber}</dd>
          </div>
        )}
        <div className="summary__row">
          <dt>Заведение</dt>
          <dd>
            <Link to={pathTo("ClientObject", { id: player.establishmentId, clientId })}>
              {player.establishmentName}
            </Link>
          </dd>
        </div>
        <div className="summary__row">
          <dt>Адрес</dt>
          <dd>{player.address}</dd>
        </div>
        <div className="summary__row">
          <dt>Добавлен</dt>
          <dd>{formatDate(player.createdAt)}</dd>
        </div>
      </dl>
      {children && <div className="player-facts__actions">{children}</div>}
    </DisclosureSection>
  );
}
