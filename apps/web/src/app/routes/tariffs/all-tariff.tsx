import { ROUTES } from "@fonika/shared";
import { ListScreen } from "../../../components/layouts/list-screen.tsx";
import { pathTo } from "../../../config/paths.ts";

export default function AllTariffScreen() {
  return (
    <ListScreen
      title={ROUTES.AllTariff.title}
      description="Тарифы сервиса: название, состав, цена и доступность для подключения."
      columns={["Название", "Тип", "Цена", "Базовая цена", "Активен"]}
      empty={{
        icon: "tariffs",
        title: "Тарифов пока нет",
        text: "Созданные тарифы появятся здесь.",
      }}
      action={{ label: "Новый тариф", to: pathTo("CreateTariff") }}
    />
  );
}
