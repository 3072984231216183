import { useParams } from "react-router";
import { ROUTES } from "../../../config/routes.ts";
import { PlayerView } from "./player-view.tsx";

/** `/role-admin-player/{id}` (admin): the same player view, reached from the players base. */
export default function RoleAdminPlayerScreen() {
  const { id = "" } = useParams();
  return <PlayerView id={id} title={ROUTES.RoleAdminPlayer.title} />;
}
