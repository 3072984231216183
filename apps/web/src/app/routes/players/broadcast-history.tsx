import { useParams } from "react-router";
import { BackLink } from "../../../components/layouts/back-link.tsx";
import { Page } from "../../../components/ui/page.tsx";
import { pathTo } from "../../../config/paths.ts";
import { ROUTES } from "../../../config/routes.ts";
import { PlayerHistory } from "../../../features/history/components/player-history.tsx";
import { usePlayer } from "../../../features/players/api/get-player.ts";

/**
 * BroadcastHistory (admin): a player's broadcast history, its venue's
 * royalty report and the report across all venues.
 */
export default function BroadcastHistoryScreen() {
  const { id = "" } = useParams();
  const player = usePlayer(id);
  return (
    <Page
      title={ROUTES.BroadcastHistory.title}
      description={
        player.data ? `${player.data.name} · ${player.data.establishmentName}` : undefined
      }
      actions={<BackLink label="Все плееры" to={pathTo("PlayersBase")} />}
    >
      <section className="card">
        <PlayerHistory playerId={id} establishmentId={player.data?.establishmentId} allVenues />
      </section>
    </Page>
  );
}
