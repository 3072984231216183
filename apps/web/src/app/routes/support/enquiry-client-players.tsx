import type { Player, PlayerAlert, PlayerLiveState, SupportPlayerCommand } from "@fonika/shared";
import { Button } from "../../../components/ui/button.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { Section } from "../../../components/ui/page.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { StatusChip } from "../../../components/ui/status-chip.tsx";
import { usePlayerHistory } from "../../../features/history/api/get-player-history.ts";
import { useLiveSong } from "../../../features/players/api/get-live-song.ts";
import { usePlayerAlerts } from "../../../features/players/api/list-player-alerts.ts";
import { useUserPlayers } from "../../../features/players/api/list-user-players.ts";
import { PlayerAlertNote } from "../../../features/players/components/player-alert-note.tsx";
import { useCommandEnquiryPlayer } from "../../../features/support/api/command-enquiry-player.ts";
import { useWatchedPlayers } from "../../../features/support/hooks/use-watched-players.ts";
import { ENQUIRY_TEXTS } from "../../../features/support/support-texts.ts";
import { errorText } from "../../../lib/error-messages.ts";
import { formatDateTime } from "../../../lib/format.ts";

/** How many of a player's latest plays the panel shows. */
const RECENT_PLAYS = 10;
const FIRST_PAGE = { page: 0 };

/** Online or not, playing or paused, from the socket's state (unknown until it comes). */
function LiveChips({ state }: { state: PlayerLiveState | undefined }) {
  if (!state) return <StatusChip label={ENQUIRY_TEXTS.unknownState} />;
  if (!state.online) return <StatusChip label={ENQUIRY_TEXTS.offline} />;
  return (
    <span className="player-state">
      <StatusChip label={ENQUIRY_TEXTS.online} tone="active" />
      {state.playing ? (
        <StatusChip label={ENQUIRY_TEXTS.playing} tone="active" />
      ) : (
        <StatusChip label={ENQUIRY_TEXTS.paused} tone="pending" />
      )}
    </span>
  );
}

/** The song a player has on, named from the library. */
function NowPlaying({ songId }: { songId: string | null }) {
  const song = useLiveSong(songId);
  if (!songId || !song.data) return null;
  const artists = song.data.artists.join(", ");
  return (
    <p className="enquiry-player__song">
      {artists ? `${song.data.title} — ${artists}` : song.data.title}
    </p>
  );
}

/** The player's latest plays, newest first. */
function RecentPlays({ playerId }: { playerId: string }) {
  const history = usePlayerHistory(playerId, FIRST_PAGE);
  if (history.isPending) return <Skeleton width="60%" />;
  const plays = (history.data?.data ?? []).slice(0, RECENT_PLAYS);
  if (plays.length === 0) return <p className="enquiry-player__song">{ENQUIRY_TEXTS.noPlays}</p>;
  return (
    <ol className="enquiry-player__plays">
      {plays.map((play) => (
        <li key={play.id}>
          {formatDateTime(play.startedAt)} · {play.title}
          {play.artists.length > 0 && ` — ${play.artists.join(", ")}`}
        </li>
      ))}
    </ol>
  );
}

interface PlayerRowProps {
  player: Player;
  state: PlayerLiveState | undefined;
  alert: PlayerAlert | undefined;
  onCommand: (command: SupportPlayerCommand) => void;
  busy: SupportPlayerCommand | null;
  problem: string | null;
}

function PlayerRow({ player, state, alert, onCommand, busy, problem }: PlayerRowProps) {
  const commands: [SupportPlayerCommand, string][] = [
    ["play", ENQUIRY_TEXTS.play],
    ["pause", ENQUIRY_TEXTS.pause],
    ["next", ENQUIRY_TEXTS.next],
  ];
  return (
    <li className="enquiry-player" aria-label={player.name}>
      <p className="enquiry-player__name">{player.name}</p>
      <p className="enquiry-player__place">{player.establishmentName}</p>
      <LiveChips state={state} />
      {state?.online && <NowPlaying songId={state.songId} />}
      {alert && <PlayerAlertNote alert={alert} />}
      <div className="enquiry-player__buttons">
        {commands.map(([command, label]) => (
          <Button
            key={command}
            variant="secondary"
            icon={command === "next" ? "skip-next" : command}
            busy={busy === command}
            disabled={busy !== null}
            onClick={() => onCommand(command)}
          >
            {label}
          </Button>
        ))}
      </div>
      {problem && (
        <p className="enquiry-player__problem" role="alert">
          {problem}
        </p>
      )}
      <details>
        <summary>{ENQUIRY_TEXTS.recentPlays}</summary>
        <RecentPlays playerId={player.id} />
      </details>
    </li>
  );
}

/**
 * Support's side panel of an enquiry: the client's players with their live
 * state (the socket watches the client while the panel is open), silence
 * alerts, latest plays, and play / pause / next sent through the enquiry
 * (the server writes each into the thread).
 */
export function EnquiryClientPlayers({
  enquiryId,
  clientId,
}: {
  enquiryId: string;
  clientId: string;
}) {
  const players = useUserPlayers(clientId);
  const states = useWatchedPlayers(clientId);
  const alerts = usePlayerAlerts({ userId: clientId, enabled: true });
  const command = useCommandEnquiryPlayer(enquiryId);
  const list = players.data?.data ?? [];
  const failedFor = command.isError ? command.variables?.playerId : undefined;

  return (
    <Section title={ENQUIRY_TEXTS.players}>
      {players.isPending ? (
        <Skeleton height="4em" />
      ) : players.isError ? (
        <p className="form__error" role="alert">
          {errorText(players.error)}
        </p>
      ) : list.length === 0 ? (
        <EmptyState icon="players" title={ENQUIRY_TEXTS.noPlayers} />
      ) : (
        <ul className="enquiry-players">
          {list.map((player) => (
            <PlayerRow
              key={player.id}
              player={player}
              state={states[player.id]}
              alert={alerts.data?.data.find((alert) => alert.playerId === player.id)}
              busy={
                command.isPending && command.variables?.playerId === player.id
                  ? command.variables.command
                  : null
              }
              problem={failedFor === player.id ? errorText(command.error) : null}
              onCommand={(order) => command.mutate({ playerId: player.id, command: order })}
            />
          ))}
        </ul>
      )}
    </Section>
  );
}
