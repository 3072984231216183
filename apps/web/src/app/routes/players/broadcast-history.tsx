import { useParams } from "react-router";
import { DetailScreen } from "../../../components/layouts/detail-screen.tsx";
import { pathTo } from "../../../config/paths.ts";
import { ROUTES } from "../../../config/routes.ts";

export default function BroadcastHistoryScreen() {
  const { id } = useParams();
  return (
    <DetailScreen
      title={ROUTES.BroadcastHistory.title}
      description={`Номер: ${id ?? "—"}`}
      back={{ label: "Все плееры", to: pathTo("PlayersBase") }}
      sections={[
        {
          title: "История эфира",
          columns: ["Трек", "Исполнитель", "Плейлист", "Начало", "Окончание"],
          empty: {
            icon: "history",
            title: "Эфир ещё не записан",
            text: "Каждый прозвучавший трек появится здесь со временем начала и окончания.",
          },
        },
      ]}
    />
  );
}
