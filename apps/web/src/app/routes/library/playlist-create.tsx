import { ROUTES } from "@fonika/shared";
import { FormScreen } from "../../../components/layouts/form-screen.tsx";
import { pathTo } from "../../../config/paths.ts";

export default function PlaylistCreateScreen() {
  return (
    <FormScreen
      title={ROUTES.PlaylistCreate.title}
      description="Новый плейлист в разделе «Плейлисты»: название и описание для клиентов."
      sectionTitle="Плейлист"
      fields={[{ label: "Название плейлиста" }, { label: "Описание", required: false, max: 1000 }]}
      submitLabel="Создать плейлист"
      unavailableReason="Сохранение пока недоступно: сервис ещё не принимает эти данные"
      back={{ label: "Плейлисты", to: pathTo("Playlists") }}
    />
  );
}
