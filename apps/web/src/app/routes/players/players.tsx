import { ListScreen } from "../../../components/layouts/list-screen.tsx";
import { ROUTES } from "../../../config/routes.ts";

export default function PlayersScreen() {
  return (
    <ListScreen
      title={ROUTES.Players.title}
      description="Веб- и бокс-плееры объектов: что звучит сейчас и по какому расписанию."
      columns={["Название", "Тип", "Объект", "Адрес", "Серийный номер", "Состояние"]}
      empty={{
        icon: "players",
        title: "Пока нет плееров",
        text: "Плееры появятся здесь после подключения к объекту.",
      }}
    />
  );
}
