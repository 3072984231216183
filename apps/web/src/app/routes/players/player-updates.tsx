import { ListScreen } from "../../../components/layouts/list-screen.tsx";
import { ROUTES } from "../../../config/routes.ts";

export default function PlayerUpdatesScreen() {
  return (
    <ListScreen
      title={ROUTES.PlayerUpdates.title}
      description="Прошивки бокс-плееров: загрузка новой версии и её описание."
      columns={["Название", "Версия", "Загружено", "Размер"]}
      empty={{
        icon: "updates",
        title: "Обновлений пока нет",
        text: "Загруженные прошивки бокс-плееров появятся здесь.",
      }}
    />
  );
}
