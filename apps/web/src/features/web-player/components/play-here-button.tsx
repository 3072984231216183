import { type Player, playersApi } from "@fonika/shared";
import { useNavigate } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import { pathTo } from "../../../config/paths.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { useSubmission } from "../../../lib/use-submission.ts";
import { keepWebPlayerSession } from "../web-player-services.ts";

export const PLAY_HERE_LABEL = "Играть в этом браузере";

/** Asked first when another device plays the player now: it will stop (issue 28). */
export const PLAY_HERE_TAKEOVER_CONFIRM =
  "Этот плеер сейчас играет на другом устройстве. Играть в этом браузере? Там музыка остановится.";

/**
 * An owner at the venue makes this browser the web player without a code
 * (issue 14): a device session for the player, kept where /web-player
 * looks for it, and the page opens playing. When another device plays the
 * player now, the owner is warned first: this browser takes it over and
 * the other device stops (one player never plays on two devices).
 */
export function PlayHereButton({
  player,
  playingElsewhere = false,
}: {
  player: Player;
  /** A device plays the player now (its live state says online). */
  playingElsewhere?: boolean;
}) {
  const api = useApiClient();
  const navigate = useNavigate();
  const { busy, error, submit } = useSubmission();
  return (
    <span className="play-here">
      <Button
        icon="play"
        busy={busy}
        onClick={() => {
          if (playingElsewhere && !window.confirm(PLAY_HERE_TAKEOVER_CONFIRM)) return;
          void submit(async () => {
            const answer = await api.call(playersApi.playHere, { params: { id: player.id } });
            keepWebPlayerSession(answer.tokens, answer.playerId);
            navigate(pathTo("WebPlayer"));
          });
        }}
      >
        {PLAY_HERE_LABEL}
      </Button>
      {error && (
        <span className="field-error" role="alert">
          {error}
        </span>
      )}
    </span>
  );
}
