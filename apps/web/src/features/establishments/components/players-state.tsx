import type { Establishment } from "@fonika/shared";
import { Icon } from "../../../components/ui/icon.tsx";
import { playersText } from "../present.ts";
import "../establishments.css";

/** How many players an establishment has and how many are online, or that none is connected yet. */
export function PlayersState({ establishment }: { establishment: Establishment }) {
  const text = playersText(establishment);
  return (
    <span className={`players-state${text ? "" : " players-state--none"}`}>
      <Icon name="players" />
      {text ?? "Плееры пока не подключены"}
    </span>
  );
}
