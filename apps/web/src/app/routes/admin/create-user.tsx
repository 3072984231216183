import { ROUTES } from "@fonika/shared";
import { FormScreen } from "../../../components/layouts/form-screen.tsx";
import { pathTo } from "../../../config/paths.ts";

export default function CreateUserScreen() {
  return (
    <FormScreen
      title={ROUTES.CreateUser.title}
      description="Учётная запись сотрудника или клиента с ролью и контактами."
      sectionTitle="Пользователь"
      fields={[
        { label: "Фамилия", min: 1 },
        { label: "Имя", min: 1 },
        { label: "E-mail" },
        { label: "Телефон", mask: "+7 (###) ###-##-##" },
        {
          label: "Роль",
          hint: "Администратор, клиент-менеджер, поддержка, контент-менеджер или клиент",
        },
      ]}
      submitLabel="Создать пользователя"
      unavailableReason="Сохранение пока недоступно: сервис ещё не принимает эти данные"
      back={{ label: "Пользователи", to: pathTo("ClientBase") }}
    />
  );
}
