import { useParams } from "react-router";
import { DetailScreen } from "../../../components/layouts/detail-screen.tsx";
import { pathTo } from "../../../config/paths.ts";
import { ROUTES } from "../../../config/routes.ts";

export default function RoleAdminPlayerScreen() {
  const { id } = useParams();
  return (
    <DetailScreen
      title={ROUTES.RoleAdminPlayer.title}
      description={`Номер: ${id ?? "—"}`}
      back={{ label: "Все плееры", to: pathTo("PlayersBase") }}
      sections={[
        {
          title: "Сведения об устройстве",
          empty: {
            icon: "device",
            title: "Сведения о плеере не получены",
            text: "Тип, серийный номер, адрес и версия ПО плеера.",
          },
        },
        {
          title: "Плейлисты плеера",
          columns: ["Плейлист", "Треков", "Длительность"],
          empty: { icon: "playlists", title: "Плейлисты не назначены" },
        },
        {
          title: "Расписание",
          columns: ["Плейлист", "Дни недели", "Начало", "Окончание"],
          empty: { icon: "calendar", title: "Расписание не задано" },
        },
      ]}
    />
  );
}
