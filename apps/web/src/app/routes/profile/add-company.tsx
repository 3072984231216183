import { ROUTES } from "@fonika/shared";
import { FormScreen } from "../../../components/layouts/form-screen.tsx";
import { pathTo } from "../../../config/paths.ts";

export default function AddCompanyScreen() {
  return (
    <FormScreen
      title={ROUTES.ProfileAddCompany.title}
      description="Реквизиты организации для оплаты подписок по счёту."
      sectionTitle="Организация"
      fields={[
        { label: "Название организации" },
        { label: "ИНН", mask: "##########" },
        { label: "КПП", mask: "#########" },
        { label: "ОГРН", mask: "#############" },
        { label: "Юридический адрес" },
      ]}
      submitLabel="Добавить организацию"
      unavailableReason="Сохранение пока недоступно: сервис ещё не принимает эти данные"
      back={{ label: "Юридические лица", to: pathTo("ProfileLegalList") }}
    />
  );
}
