import { canAccessRoute, ROUTES } from "@fonika/shared";
import { useSearchParams } from "react-router";
import { ListScreen } from "../../../components/layouts/list-screen.tsx";
import { pathTo } from "../../../config/paths.ts";
import { useSessionState } from "../../../lib/app-services.ts";

/** Admin, client manager and support: the users of the service; the header search lands here. */
export default function ClientBaseScreen() {
  const { role } = useSessionState();
  const [searchParams] = useSearchParams();
  const query = searchParams.get("query")?.trim() ?? "";
  return (
    <ListScreen
      title={ROUTES.ClientBase.title}
      description="Клиенты и сотрудники сервиса: контакты, роль, статус и дата регистрации."
      toolbar={
        query ? (
          <p className="filter-line">
            Поиск по логину: <strong>{query}</strong>
          </p>
        ) : undefined
      }
      columns={["ФИО", "Логин", "Телефон", "Роль", "Статус", "Дата регистрации"]}
      empty={
        query
          ? {
              icon: "search",
              title: "Пользователи не найдены",
              text: `По запросу «${query}» никого нет.`,
            }
          : {
              icon: "users",
              title: "Пока нет пользователей",
              text: "Зарегистрированные клиенты и сотрудники появятся здесь.",
            }
      }
      action={
        canAccessRoute(ROUTES.CreateUser, role)
          ? { label: "Новый пользователь", to: pathTo("CreateUser") }
          : undefined
      }
    />
  );
}
