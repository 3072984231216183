import { ROUTES } from "@fonika/shared";
import { FormScreen } from "../../../components/layouts/form-screen.tsx";
import { pathTo } from "../../../config/paths.ts";

export default function AddClientObjectScreen() {
  return (
    <FormScreen
      title={ROUTES.AddClientObjects.title}
      description="Заведение, в котором будет звучать музыка: название, адрес и часы работы."
      sectionTitle="Объект"
      fields={[
        { label: "Название объекта" },
        { label: "Адрес" },
        { label: "Открытие", type: "time", hint: "Например, 09:00" },
        { label: "Закрытие", type: "time", hint: "Например, 22:00" },
      ]}
      submitLabel="Добавить объект"
      unavailableReason="Сохранение пока недоступно: сервис ещё не принимает эти данные"
      back={{ label: "Мои объекты", to: pathTo("ClientObjectsList") }}
    />
  );
}
