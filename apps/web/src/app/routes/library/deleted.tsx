import { ROUTES } from "@fonika/shared";
import { ListScreen } from "../../../components/layouts/list-screen.tsx";

export default function DeletedScreen() {
  return (
    <ListScreen
      title={ROUTES.Deleted.title}
      description="Удалённые папки, плейлисты и треки. Их можно восстановить или удалить навсегда."
      columns={["Название", "Тип", "Удалён", "Размер"]}
      empty={{
        icon: "trash",
        title: "Корзина пуста",
        text: "Удалённые объекты библиотеки будут храниться здесь.",
      }}
    />
  );
}
