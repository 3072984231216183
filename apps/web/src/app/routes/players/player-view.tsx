import { CLIENT_READING_ROLES, type Player } from "@fonika/shared";
import type { ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { BackLink } from "../../../components/layouts/back-link.tsx";
import { DisclosureSection } from "../../../components/ui/disclosure-section.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { Page } from "../../../components/ui/page.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { pathTo } from "../../../config/paths.ts";
import { canAccessRoute, ROUTES } from "../../../config/routes.ts";
import { useProfile } from "../../../features/accounts/api/get-profile.ts";

import { PlayerHistory } from "../../../features/history/components/player-history.tsx";
import { usePlayer } from "../../../features/players/api/get-player.ts";
import { usePlayerLive } from "../../../features/players/api/get-player-live.ts";
import { PlayerCrossfade } from "../../../features/players/components/player-crossfade.tsx";
import {
  PlayerLicenceNote,
  useLicenceFollowing,
} from "../../../features/players/components/player-licence-note.tsx";
import { PlayerLiveSection } from "../../../features/players/components/player-live-section.tsx";
import { PlayerPlaylists } from "../../../features/players/components/player-playlists.tsx";
import { PlayerRemote } from "../../../features/players/components/player-remote.tsx";
import { PlayerSchedule } from "../../../features/players/components/player-schedule.tsx";
import {
  PlayerPairingNote,
  PlayerSummary,
} from "../../../features/players/components/player-summary.tsx";
import { RemovePlayerButton } from "../../../features/players/components/remove-player-button.tsx";
import { usePlayersLive } from "../../../features/players/hooks/use-players-live.ts";
import { PLAYER_TYPE_LABELS } from "../../../features/players/player-texts.ts";
import { PlayHereButton } from "../../../features/web-player/components/play-here-button.tsx";
import { isApiError } from "../../../lib/api-client.ts";
import { useAppServices, useSessionState } from "../../../lib/app-services.ts";
import { errorText } from "../../../lib/error-messages.ts";
import { displayNameOf } from "../../../lib/person-names.ts";

/** The live state, read-only, for staff (who hold no remote and get no socket states). */
function StaffPlayerLive({ player }: { player: Player }) {
  const live = usePlayerLive(player.id);
  return <PlayerLiveSection live={live.data} error={live.error} />;
}

/** The player's facts with its owner named and linked, for staff. */
function StaffPlayerSummary({ player, children }: { player: Player; children: ReactNode }) {
  const { role } = useSessionState();
  const owner = useProfile(player.userId);
  const client = {
    name: owner.data ? displayNameOf(owner.data) : "…",
    path: canAccessRoute(ROUTES.Client, role)
      ? pathTo("Client", { clientId: player.userId })
      : undefined,
  };
  return (
    <PlayerSummary player={player} clientId={player.userId} client={client}>
      {children}
    </PlayerSummary>
  );
}

/** The remote control over the app's player socket. */
function LivePlayerRemote({ player }: { player: Player }) {
  const { playerSocket } = useAppServices();
  const { live, command } = usePlayersLive([player.id], playerSocket);
  return (
    <PlayerRemote
      player={player}
      live={live(player.id)}
      onCommand={(order) => command(player.id, order)}
    />
  );
}

/** What the player plays and how: its playlists, its week, and (a web player's) crossfade. */
function PlayerSettings({ player }: { player: Player }) {
  return (
    <>
      <PlayerPlaylists player={player} />
      <PlayerSchedule player={player} />
      {/* How a web player goes from song to song; a box player mixes on its own. */}
      {player.type === "web" && <PlayerCrossfade player={player} />}
    </>
  );
}

/** «Играть в этом браузере», warned when a device plays the player now. */
function OwnerPlayHere({ player }: { player: Player }) {
  const { playerSocket } = useAppServices();
  const { live } = usePlayersLive([player.id], playerSocket);
  return (
    <PlayHereButton player={player} playingElsewhere={live(player.id).state?.online === true} />
  );
}

/**
 * One player: its facts, its playlists, its week, and its remote control. Staff come from the players base and see a
 * client's pages; the owner comes from their players.
 *
 * The owner's page leads with what they come for, mostly from a phone at the venue (issue 28): what plays and the
 * remote, then the songs to play now; the schedule and the settings follow as sections that are closed on a phone
 * (open on a wide screen) until the owner opens them, remembered on the device. Only what must be done first stays
 * above the remote: the licence's note and pairing a player no device has played yet. Staff keep the order they
 * read a client's player in: its facts first, the live state after the settings.
 */
export function PlayerView({ id, title }: { id: string; title: string }) {
  const { role, userId } = useSessionState();
  const navigate = useNavigate();
  const player = usePlayer(id);
  const { playerSocket } = useAppServices();
  useLicenceFollowing(player.data, playerSocket);
  const staff = CLIENT_READING_ROLES.includes(role);
  const back = staff
    ? { label: "Все плееры", to: pathTo("PlayersBase") }
    : { label: "Мои плееры", to: pathTo("Players") };

  if (player.isError) {
    const missing = isApiError(player.error) && player.error.status === 404;
    return (
      <Page title={title} actions={<BackLink {...back} />}>
        <div className="card">
          <EmptyState
            icon="players"
            title={missing ? "Плеер не найден" : "Не удалось загрузить плеер"}
          >
            {missing
              ? "Возможно, его удалили или он принадлежит другому клиенту."
              : errorText(player.error)}
          </EmptyState>
        </div>
      </Page>
    );
  }
  const data = player.data;
  if (!data) {
    return (
      <Page title={title} actions={<BackLink {...back} />}>
        <div className="card players-skeleton" aria-busy="true">
          <Skeleton width="40%" height="20px" />
          <Skeleton width="70%" />
          <Skeleton width="55%" />
        </div>
      </Page>
    );
  }
  // Removing is rare and final: under the player's facts, not beside the title where a thumb reaches first.
  const remove = (
    <RemovePlayerButton player={data} onRemoved={() => navigate(back.to, { replace: true })} />
  );
  return (
    <Page
      title={data.name}
      description={`${PLAYER_TYPE_LABELS[data.type]} · ${data.establishmentName} · ${data.address}`}
      actions={
        <>
          <BackLink {...back} />
          {userId === data.userId && data.type === "web" && <OwnerPlayHere player={data} />}
        </>
      }
    >
      <div className="player-detail">
        <PlayerLicenceNote player={data} />
        <PlayerPairingNote player={data} />
        {userId === data.userId ? (
          <>
            <LivePlayerRemote player={data} />
            <PlayerSettings player={data} />
            <PlayerSummary player={data}>{remove}</PlayerSummary>
          </>
        ) : (
          <>
            {staff ? (
              <StaffPlayerSummary player={data}>{remove}</StaffPlayerSummary>
            ) : (
              <PlayerSummary player={data}>{remove}</PlayerSummary>
            )}
            <PlayerSettings player={data} />
            <StaffPlayerLive player={data} />
          </>
        )}
        <DisclosureSection
          title="История эфира"
          rememberAs="player.history"
          actions={
            canAccessRoute(ROUTES.BroadcastHistory, role) ? (
              <Link to={pathTo("BroadcastHistory", { id: data.id })}>Открыть отдельно</Link>
            ) : undefined
          }
        >
          <PlayerHistory playerId={data.id} establishmentId={data.establishmentId} />
        </DisclosureSection>
      </div>
    </Page>
  );
}
