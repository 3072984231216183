import { ListScreen } from "../../../components/layouts/list-screen.tsx";
import { pathTo } from "../../../config/paths.ts";
import { canAccessRoute, ROUTES } from "../../../config/routes.ts";
import { useSessionState } from "../../../lib/app-services.ts";

/** Support enquiries: a client sees their own, staff see everyone's. */
export default function EnquiriesScreen() {
  const { role } = useSessionState();
  return (
    <ListScreen
      title={ROUTES.SupportEnquiries.title}
      description="Обращения в службу поддержки: тема, автор, статус и время последнего ответа."
      columns={["Номер", "Тема", "Автор", "Статус", "Создано", "Обновлено"]}
      empty={{
        icon: "enquiries",
        title: "Обращений пока нет",
        text: "Новые обращения появятся здесь, как только их отправят.",
      }}
      action={
        canAccessRoute(ROUTES.SupportCreateEnquiry, role)
          ? { label: "Новое обращение", to: pathTo("SupportCreateEnquiry") }
          : undefined
      }
    />
  );
}
