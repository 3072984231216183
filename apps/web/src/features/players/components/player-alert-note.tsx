import type { PlayerAlert } from "@fonika/shared";
import { Icon } from "../../../components/ui/icon.tsx";
import { PLAYER_ALERT_TEXTS } from "../player-texts.ts";
import { formatSilentSince } from "../silent-since.ts";

/** "Плеер молчит с 14:05" under a player's line, on the establishment's clock. */
export function PlayerAlertNote({ alert }: { alert: PlayerAlert }) {
  return (
    <p className="player-alert" role="status" title={PLAYER_ALERT_TEXTS.explanation}>
      <Icon name="alert" />
      {PLAYER_ALERT_TEXTS.silentSince(formatSilentSince(alert.silentSince, alert.timeZone))}
    </p>
  );
}
