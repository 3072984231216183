import { ROUTES } from "@fonika/shared";
import { FormScreen } from "../../../components/layouts/form-screen.tsx";
import { pathTo } from "../../../config/paths.ts";

export default function TrackEditScreen() {
  return (
    <FormScreen
      title={ROUTES.TrackEdit.title}
      description="Сведения о треке: название, исполнитель, альбом и правообладатель."
      sectionTitle="Сведения о треке"
      fields={[
        { label: "Название", min: 1 },
        { label: "Исполнитель", min: 1 },
        { label: "Альбом", required: false, min: 1 },
        { label: "Жанр", required: false, min: 1 },
        { label: "Правообладатель", min: 1 },
      ]}
      submitLabel="Сохранить"
      unavailableReason="Сохранение пока недоступно: сервис ещё не принимает эти данные"
      back={{ label: "Треки", to: pathTo("AddAudios") }}
    />
  );
}
