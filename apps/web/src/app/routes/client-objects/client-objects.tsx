import { ROUTES } from "@fonika/shared";
import { ListScreen } from "../../../components/layouts/list-screen.tsx";
import { pathTo } from "../../../config/paths.ts";

export default function ClientObjectsScreen() {
  return (
    <ListScreen
      title={ROUTES.ClientObjectsList.title}
      description="Ваши заведения: адреса, подключённые плееры и подписки."
      columns={["Название", "Адрес", "Плееры", "Тариф", "Подписка до"]}
      empty={{
        icon: "objects",
        title: "Пока нет объектов",
        text: "Добавьте первое заведение, чтобы подключить к нему плеер и подписку.",
      }}
      action={{ label: "Добавить объект", to: pathTo("AddClientObjects") }}
    />
  );
}
