import { useParams } from "react-router";
import { ROUTES } from "../../../config/routes.ts";
import { PlayerView } from "./player-view.tsx";

/** `/player/{id}`: one player for its owner or staff. */
export default function PlayerScreen() {
  const { id = "" } = useParams();
  return <PlayerView id={id} title={ROUTES.Player.title} />;
}
