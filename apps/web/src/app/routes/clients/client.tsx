import { ROUTES } from "@fonika/shared";
import { useParams } from "react-router";
import { DetailScreen } from "../../../components/layouts/detail-screen.tsx";
import { pathTo } from "../../../config/paths.ts";

export default function ClientScreen() {
  const { clientId } = useParams();
  return (
    <DetailScreen
      title={ROUTES.Client.title}
      description={`Номер: ${clientId ?? "—"}`}
      back={{ label: "Пользователи", to: pathTo("ClientBase") }}
      sections={[
        {
          title: "Объекты клиента",
          columns: ["Название", "Адрес", "Плееры", "Тариф"],
          empty: { icon: "objects", title: "Пока нет объектов" },
        },
        {
          title: "Подписки",
          columns: ["Объект", "Тариф", "Стоимость", "Оплачено до"],
          empty: { icon: "subscriptions", title: "Подписок пока нет" },
        },
        {
          title: "Плееры",
          columns: ["Название", "Тип", "Серийный номер", "Объект"],
          empty: { icon: "players", title: "Пока нет плееров" },
        },
      ]}
    />
  );
}
