import { ROUTES } from "@fonika/shared";
import { useParams } from "react-router";
import { DetailScreen } from "../../../components/layouts/detail-screen.tsx";
import { pathTo } from "../../../config/paths.ts";

export default function ClientObjectScreen() {
  const { id } = useParams();
  return (
    <DetailScreen
      title={ROUTES.ClientObject.title}
      description={`Номер: ${id ?? "—"}`}
      back={{ label: "Мои объекты", to: pathTo("ClientObjectsList") }}
      sections={[
        {
          title: "Плееры",
          columns: ["Название", "Тип", "Серийный номер", "Состояние"],
          empty: {
            icon: "players",
            title: "Пока нет плееров",
            text: "Подключите веб-плеер или бокс-плеер к этому объекту.",
          },
        },
        {
          title: "Подписка",
          empty: {
            icon: "subscriptions",
            title: "Подписка не оформлена",
            text: "Тариф, стоимость и способ оплаты объекта появятся здесь.",
          },
        },
        {
          title: "Расписание вещания",
          columns: ["Плейлист", "Дни недели", "Начало", "Окончание"],
          empty: { icon: "calendar", title: "Расписание не задано" },
        },
      ]}
    />
  );
}
