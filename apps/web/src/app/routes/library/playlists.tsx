import { ROUTES } from "@fonika/shared";
import { ListScreen } from "../../../components/layouts/list-screen.tsx";

export default function PlaylistsScreen() {
  return (
    <ListScreen
      title={ROUTES.Playlists.title}
      description="Раздел «Плейлисты» библиотеки: папки и плейлисты с их версиями."
      columns={["Название", "Тип", "Треков", "Длительность", "Изменён"]}
      empty={{
        icon: "playlists",
        title: "Плейлистов пока нет",
        text: 'Нажмите кнопку "Создать" для добавления плейлиста',
      }}
    />
  );
}
