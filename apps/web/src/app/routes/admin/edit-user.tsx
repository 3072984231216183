import { ROUTES } from "@fonika/shared";
import { FormScreen } from "../../../components/layouts/form-screen.tsx";
import { pathTo } from "../../../config/paths.ts";

export default function EditUserScreen() {
  return (
    <FormScreen
      title={ROUTES.EditUser.title}
      description="Контакты и роль пользователя."
      sectionTitle="Пользователь"
      fields={[
        { label: "Фамилия", min: 1 },
        { label: "Имя", min: 1 },
        { label: "Отчество", required: false, min: 1 },
        { label: "Контактный e-mail" },
        { label: "Телефон", mask: "+7 (###) ###-##-##" },
      ]}
      submitLabel="Сохранить изменения"
      unavailableReason="Сохранение пока недоступно: сервис ещё не принимает эти данные"
      back={{ label: "Пользователи", to: pathTo("ClientBase") }}
    />
  );
}
