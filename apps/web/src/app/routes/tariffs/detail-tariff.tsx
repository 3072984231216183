import { ROUTES } from "@fonika/shared";
import { useParams } from "react-router";
import { DetailScreen } from "../../../components/layouts/detail-screen.tsx";
import { pathTo } from "../../../config/paths.ts";

export default function DetailTariffScreen() {
  const { id } = useParams();
  return (
    <DetailScreen
      title={ROUTES.DetailTariff.title}
      description={`Номер: ${id ?? "—"}`}
      back={{ label: "Подписки", to: pathTo("Subscribe") }}
      sections={[
        {
          title: "Состав тарифа",
          columns: ["Функция", "Периодичность", "Стоимость", "Требует согласования"],
          empty: {
            icon: "tariffs",
            title: "Состав тарифа не получен",
            text: "Функции тарифа, их стоимость и периодичность оплаты.",
          },
        },
        {
          title: "Преимущества",
          empty: { icon: "check", title: "Преимущества тарифа не указаны" },
        },
      ]}
    />
  );
}
