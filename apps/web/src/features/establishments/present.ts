import type { Establishment } from "@fonika/shared";

/** How establishments' facts read in Russian: player counts. */

/** "1 плеер", "3 плеера", "5 плееров". */
export function playersCount(count: number): string {
  const rules = new Intl.PluralRules("ru-RU");
  const word = { one: "плеер", few: "плеера", many: "плееров", other: "плеера" }[
    rules.select(count) as "one" | "few" | "many" | "other"
  ];
  return `${count} ${word ?? "плееров"}`;
}

/** "2 плеера, 1 в сети"; null while no player is connected. */
export function playersText({ playerInfo }: Pick<Establishment, "playerInfo">): string | null {
  if (playerInfo.players === 0) return null;
  return `${playersCount(playerInfo.players)}, ${playerInfo.online} в сети`;
}
