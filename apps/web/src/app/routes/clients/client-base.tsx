import {
  canAccessRoute,
  INPUT,
  ROUTES,
  type Role,
  type UserSort,
  userSortSchema,
} from "@fonika/shared";
import { useCallback } from "react";
import { Link, useSearchParams } from "react-router";
import { Icon } from "../../../components/ui/icon.tsx";
import { Page } from "../../../components/ui/page.tsx";
import { pathTo } from "../../../config/paths.ts";
import { UsersTable } from "../../../features/accounts/components/users-table.tsx";
import { UsersToolbar } from "../../../features/accounts/components/users-toolbar.tsx";
import { useSessionState } from "../../../lib/app-services.ts";

/**
 * Who activates accounts waiting for activation (POST /auth/role/…/change);
 * support sees the list without the action, and the server refuses others.
 */
const ACTIVATOR_ROLES: readonly Role[] = ["role-admin", "role-client-manager"];

const DEFAULT_SORT: UserSort = "registration-date";

/**
 * Admin, client manager and support: the users of the service. The search
 * lives in the address bar (?query=, where the header search lands too) and
 * so does a chosen order (?sortBy=).
 */
export default function ClientBaseScreen() {
  const { role } = useSessionState();
  const [searchParams, setSearchParams] = useSearchParams();
  // A hand-typed address may hold more than the server takes.
  const query = (searchParams.get("query") ?? "").trim().slice(0, INPUT.defaultMax).trim();
  const sortBy = userSortSchema.catch(DEFAULT_SORT).parse(searchParams.get("sortBy"));

  const setParam = useCallback(
    (name: string, value: string | undefined) =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set(name, value);
          else next.delete(name);
          return next;
        },
        { replace: true },
      ),
    [setSearchParams],
  );
  const handleSearch = useCallback((text: string) => setParam("query", text), [setParam]);
  const handleSortChange = useCallback(
    (next: UserSort) => setParam("sortBy", next === DEFAULT_SORT ? undefined : next),
    [setParam],
  );

  return (
    <Page
      title={ROUTES.ClientBase.title}
      description="Клиенты и сотрудники сервиса: контакты, роль, статус и дата регистрации."
      actions={
        canAccessRoute(ROUTES.CreateUser, role) && (
          <Link to={pathTo("CreateUser")} className="button button--primary button--md">
            <Icon name="plus" />
            Новый пользователь
          </Link>
        )
      }
    >
      <UsersToolbar
        query={query}
        sortBy={sortBy}
        onSearch={handleSearch}
        onSortChange={handleSortChange}
      />
      <UsersTable query={query} sortBy={sortBy} canActivate={ACTIVATOR_ROLES.includes(role)} />
    </Page>
  );
}
