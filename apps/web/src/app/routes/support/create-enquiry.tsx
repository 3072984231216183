import { FormScreen } from "../../../components/layouts/form-screen.tsx";
import { pathTo } from "../../../config/paths.ts";
import { ROUTES } from "../../../config/routes.ts";

export default function CreateEnquiryScreen() {
  return (
    <FormScreen
      title={ROUTES.SupportCreateEnquiry.title}
      description="Опишите вопрос или неполадку — специалист поддержки ответит в рабочее время."
      sectionTitle="Обращение"
      fields={[
        { label: "Тема" },
        { label: "Описание", max: 2000 },
        { label: "Номер плеера", required: false, hint: "Если вопрос о конкретном плеере" },
      ]}
      submitLabel="Отправить обращение"
      unavailableReason="Сохранение пока недоступно: сервис ещё не принимает эти данные"
      back={{ label: "Обращения", to: pathTo("SupportEnquiries") }}
    />
  );
}
