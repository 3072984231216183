import { useParams } from "react-router";
import { DetailScreen } from "../../../components/layouts/detail-screen.tsx";
import { pathTo } from "../../../config/paths.ts";
import { ROUTES } from "../../../config/routes.ts";

export default function PlayerScreen() {
  const { id } = useParams();
  return (
    <DetailScreen
      title={ROUTES.Player.title}
      description={`Номер: ${id ?? "—"}`}
      back={{ label: "Плееры", to: pathTo("Players") }}
      sections={[
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
        {
          title: "История эфира",
          columns: ["Трек", "Исполнитель", "Начало", "Окончание"],
          empty: { icon: "history", title: "Эфир ещё не записан" },
        },
      ]}
    />
  );
}
