import { ROUTES } from "@fonika/shared";
import { FormScreen } from "../../../components/layouts/form-screen.tsx";
import { pathTo } from "../../../config/paths.ts";

export default function ClientObjectChangeScreen() {
  return (
    <FormScreen
      title={ROUTES.ClientObjectChange.title}
      description="Название и адрес заведения."
      sectionTitle="Объект"
      fields={[{ label: "Название объекта" }, { label: "Адрес" }]}
      submitLabel="Сохранить изменения"
      unavailableReason="Сохранение пока недоступно: сервис ещё не принимает эти данные"
      back={{ label: "Мои объекты", to: pathTo("ClientObjectsList") }}
    />
  );
}
