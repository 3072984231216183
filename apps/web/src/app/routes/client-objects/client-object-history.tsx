import { useParams } from "react-router";
import { DetailScreen } from "../../../components/layouts/detail-screen.tsx";
import { pathTo } from "../../../config/paths.ts";
import { ROUTES } from "../../../config/routes.ts";

export default function ClientObjectHistoryScreen() {
  const { id } = useParams();
  return (
    <DetailScreen
      title={ROUTES.ClientObjectHistory.title}
      description={`Номер: ${id ?? "—"}`}
      back={{ label: "Мои объекты", to: pathTo("ClientObjectsList") }}
      sections={[
        {
          title: "История эфира",
          columns: ["Трек", "Исполнитель", "Плеер", "Начало", "Окончание"],
          empty: {
            icon: "history",
            title: "Эфир ещё не записан",
            text: "Каждый прозвучавший на объекте трек появится здесь со временем начала и окончания.",
          },
        },
      ]}
    />
  );
}
