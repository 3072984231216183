import {
  ASSIGNABLE_ROLES,
  type AssignableRole,
  type Profile,
  type UserSort,
  userSortSchema,
} from "@fonika/shared";
import { useCallback } from "react";
import { Link, useLocation } from "react-router";
import { toast } from "react-toastify";
import { Icon } from "../../../components/ui/icon.tsx";
import { Page } from "../../../components/ui/page.tsx";
import { pathTo } from "../../../config/paths.ts";
import { canAccessRoute, ROUTES } from "../../../config/routes.ts";
import { ACCOUNT_TEXTS } from "../../../features/accounts/account-texts.ts";
import { useActivateUser } from "../../../features/accounts/api/activate-user.ts";
import { type ListedStatus, useUsers } from "../../../features/accounts/api/list-users.ts";
import { UsersTable } from "../../../features/accounts/components/users-table.tsx";
import { UsersToolbar } from "../../../features/accounts/components/users-toolbar.tsx";
import { useSessionState } from "../../../lib/app-services.ts";
import { pageOf, searchQueryOf, useUpdateSearchParams } from "../../../lib/use-list-params.ts";
import type { ClientPageState } from "./client-page-state.ts";

const DEFAULT_SORT: UserSort = "registration-date";
const LISTED_STATUSES: readonly ListedStatus[] = ["active", "blocked", "deleted"];

/** The address-bar parameters of the client base; `page` counts from 1 there. */
const PARAMS = {
  query: "query",
  sortBy: "sortBy",
  role: "role",
  status: "status",
  page: "page",
} as const;

function readRole(value: string | null): AssignableRole | undefined {
  return ASSIGNABLE_ROLES.find((role) => role === value);
}

function readStatus(value: string | null): ListedStatus | undefined {
  return LISTED_STATUSES.find((status) => status === value);
}

/**
 * Admin, client manager and support: the users of the service. The search
 * (?query=, where the header search lands too), the filters (?role=,
 * ?status=), the order (?sortBy=) and the page (?page=) live in the address
 * bar, so a client's page leads back to the same list. A new search, filter
 * or order starts again from the first page.
 */
export default function ClientBaseScreen() {
  const { role } = useSessionState();
  const location = useLocation();
  const [searchParams, update] = useUpdateSearchParams();
  // A hand-typed address may hold more than the server takes.
  const query = searchQueryOf(searchParams, PARAMS.query);
  const sortBy = userSortSchema.catch(DEFAULT_SORT).parse(searchParams.get(PARAMS.sortBy));
  const roleFilter = readRole(searchParams.get(PARAMS.role));
  const statusFilter = readStatus(searchParams.get(PARAMS.status));
  const page = pageOf(searchParams.get(PARAMS.page));
  const users = useUsers({ page, query, sortBy, role: roleFilter, status: statusFilter });
  const activate = useActivateUser();
  const activateUser = activate.mutate;
  const handleActivate = useCallback(
    (profile: Profile) =>
      activateUser(profile.userId, {
        onSuccess: () => toast.success(ACCOUNT_TEXTS.activated),
        onError: () => toast.error(ACCOUNT_TEXTS.activationFailed),
      }),
    [activateUser],
  );

  const setParam = useCallback(
    (name: string, value: string | undefined) =>
      // Any change but the page's starts the list again from its first page.
      update(
        name === PARAMS.page ? { [name]: value } : { [name]: value, [PARAMS.page]: undefined },
      ),
    [update],
  );
  const handleSearch = useCallback((text: string) => setParam(PARAMS.query, text), [setParam]);
  const handleSortChange = useCallback(
    (next: UserSort) => setParam(PARAMS.sortBy, next === DEFAULT_SORT ? undefined : next),
    [setParam],
  );
  const handleRoleChange = useCallback(
    (next: AssignableRole | undefined) => setParam(PARAMS.role, next),
    [setParam],
  );
  const handleStatusChange = useCallback(
    (next: ListedStatus | undefined) => setParam(PARAMS.status, next),
    [setParam],
  );
  const handlePageChange = useCallback(
    (next: number) => setParam(PARAMS.page, next > 0 ? String(next + 1) : undefined),
    [setParam],
  );

  // The client page leads back to this very list (search, filters, page).
  const linkState: ClientPageState = { back: `${location.pathname}${location.search}` };
  const clientPath = canAccessRoute(ROUTES.Client, role)
    ? (profile: Profile) => pathTo("Client", { clientId: profile.userId })
    : undefined;
  const editPath = canAccessRoute(ROUTES.EditUser, role)
    ? (profile: Profile) => pathTo("EditUser", { clientId: profile.userId })
    : undefined;

  return (
    <Page
      title={ROUTES.ClientBase.title}
      description="Клиенты и сотрудники сервиса: контакты, роль, статус и дата регистрации."
      actions={
        canAccessRoute(ROUTES.CreateUser, role) && (
          <Link to={pathTo("CreateUser")} className="button button--primary button--md">
            <Icon name="plus" />
            Создать пользователя
          </Link>
        )
      }
    >
      <UsersToolbar
        query={query}
        sortBy={sortBy}
        role={roleFilter}
        status={statusFilter}
        onSearch={handleSearch}
        onSortChange={handleSortChange}
        onRoleChange={handleRoleChange}
        onStatusChange={handleStatusChange}
      />
      <UsersTable
        users={users}
        onActivate={handleActivate}
        activatingId={activate.isPending ? (activate.variables ?? null) : null}
        query={query}
        sortBy={sortBy}
        role={roleFilter}
        status={statusFilter}
        page={page}
        onPageChange={handlePageChange}
        onSortChange={handleSortChange}
        clientPath={clientPath}
        linkState={linkState}
        editPath={editPath}
      />
    </Page>
  );
}
