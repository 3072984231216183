import { type Player, playersApi } from "@fonika/shared";
import { useNavigate } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import { pathTo } from "../../../config/paths.ts";
import { useApiClient } from "../../../lib/app-services.ts";
import { useSubmission } from "../../../lib/use-submission.ts";
import { keepWebPlayerSession } from "../web-player-services.ts";

export const PLAY_HERE_LABEL = "Играть в этом браузере";

/**
 * An owner at the venue makes this browser the web player without a code
 * (issue 14): a device session for the player, kept where /web-player
 * looks for it, and the page opens playing.
 */
export function PlayHereButton({ player }: { player: Player }) {
  const api = useApiClient();
  const navigate = useNavigate();
  const { busy, error, submit } = useSubmission();
  return (
    <span className="play-here">
      <Button
        icon="play"
        busy={busy}
        onClick={() =>
          void submit(async () => {
            const answer = await api.call(playersApi.playHere, { params: { id: player.id } });
            keepWebPlayerSession(answer.tokens, answer.playerId);
            navigate(pathTo("WebPlayer"));
          })
        }
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
