import { ROUTES } from "@fonika/shared";
import { useParams } from "react-router";
import { DetailScreen } from "../../../components/layouts/detail-screen.tsx";
import { pathTo } from "../../../config/paths.ts";

export default function PlaylistScreen() {
  const { id } = useParams();
  return (
    <DetailScreen
      title={ROUTES.Playlist.title}
      description={`Номер: ${id ?? "—"}`}
      back={{ label: "Плейлисты", to: pathTo("Playlists") }}
      sections={[
        {
          title: "Версии",
          columns: ["Версия", "Треков", "Длительность", "Изменена"],
          empty: {
            icon: "playlists",
            title: "Версий пока нет",
            text: 'Нажмите кнопку "Создать" для добавления версии',
          },
        },
      ]}
    />
  );
}
