import type { Establishment } from "@fonika/shared";
import { formatCount } from "../../lib/format.ts";

/** How establishments' facts read in Russian: player counts. */

/** "1 плеер", "3 плеера", "5 плееров". */
export function playersCount(count: number): string {
  return formatCount(count, ["плеер", "плеера", "плееров"]);
}

/** "2 плеера, 1 в сети"; null while no player is connected. */
export function playersText({ playerInfo }: Pick<Establishment, "playerInfo">): string | null {
  if (playerInfo.players === 0) return null;
  return `${playersCount(playerInfo.players)}, ${playerInfo.online} в сети`;
}
