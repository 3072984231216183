import { ListScreen } from "../../../components/layouts/list-screen.tsx";
import { ROUTES } from "../../../config/routes.ts";

export default function PlayersBaseScreen() {
  return (
    <ListScreen
      title={ROUTES.PlayersBase.title}
      description="Все плееры клиентов сервиса с типом, серийным номером и версией ПО."
      columns={["Название", "Тип", "Серийный номер", "Клиент", "Адрес", "Версия ПО"]}
      empty={{
        icon: "players",
        title: "Пока нет плееров",
        text: "Здесь появятся плееры, которые клиенты подключат к своим объектам.",
      }}
    />
  );
}
