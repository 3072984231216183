import type { PlayerAlert } from "@fonika/shared";
import { Icon } from "../../../components/ui/icon.tsx";
import { PLAYER_ALERT_TEXTS } from "../player-texts.ts";
import { formatSilentSince } from "../silent-since.ts";

/**
 * "Плеер молчит с 14:05" under a player's line, on the establishment's
 * clock; "Плеер не на связи с 14:05" when its device is out of touch, since
 * it may well be playing from its memory (issue 31).
 */
export function PlayerAlertNote({ alert }: { alert: PlayerAlert }) {
  const since = formatSilentSince(alert.silentSince, alert.timeZone);
  return (
    <p
      className="player-alert"
      role="status"
      title={
        alert.outOfTouch ? PLAYER_ALERT_TEXTS.outOfTouchExplanation : PLAYER_ALERT_TEXTS.explanation
      }
    >
      <Icon name="alert" />
      {alert.outOfTouch
        ? PLAYER_ALERT_TEXTS.outOfTouchSince(since)
        : PLAYER_ALERT_TEXTS.silentSince(since)}
    </p>
  );
}
