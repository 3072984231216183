import { ROUTES } from "@fonika/shared";
import { ListScreen } from "../../../components/layouts/list-screen.tsx";

export default function TracksScreen() {
  return (
    <ListScreen
      title={ROUTES.AddAudios.title}
      description="Раздел «Треки» библиотеки: загруженные композиции, разложенные по папкам."
      columns={["Название", "Исполнитель", "Альбом", "Длительность", "Размер"]}
      empty={{
        icon: "music",
        title: "Треков пока нет",
        text: "Перетащите треки сюда",
      }}
    />
  );
}
