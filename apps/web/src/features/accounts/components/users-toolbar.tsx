import {
  ASSIGNABLE_ROLES,
  type AssignableRole,
  type accountsApi,
  type EndpointQuery,
  type UserSort,
  userSortSchema,
} from "@fonika/shared";
import { useId } from "react";
import { SearchBox } from "../../../components/ui/search-box.tsx";
import { ToolbarSelect } from "../../../components/ui/toolbar-select.tsx";
import { ROLE_LABELS } from "../../../config/roles.ts";
import "../users.css";

export const SORT_LABELS: Record<UserSort, string> = {
  "registration-date": "Сначала новые",
  name: "По ФИО",
  login: "По логину",
};

/** The statuses the user list filters by (deleted accounts are listed only under their own). */
export type ListedStatus = NonNullable<EndpointQuery<typeof accountsApi.listUsers>["status"]>;

const STATUS_FILTERS: ReadonlyArray<{ value: ListedStatus | undefined; label: string }> = [
  { value: undefined, label: "Все" },
  { value: "active", label: "Активные" },
  { value: "blocked", label: "Заблокированные" },
  { value: "deleted", label: "Удалённые" },
];

export interface UsersFilters {
  /** The search as the address bar holds it. */
  query: string;
  sortBy: UserSort;
  role: AssignableRole | undefined;
  status: ListedStatus | undefined;
}

interface UsersToolbarProps extends UsersFilters {
  onSearch: (query: string) => void;
  onSortChange: (sortBy: UserSort) => void;
  onRoleChange: (role: AssignableRole | undefined) => void;
  onStatusChange: (status: ListedStatus | undefined) => void;
}

/**
 * The search box, filters and order of the client base. The box follows
 * `query` when it changes from outside (the header search).
 */
export function UsersToolbar({
  query,
  sortBy,
  role,
  status,
  onSearch,
  onSortChange,
  onRoleChange,
  onStatusChange,
}: UsersToolbarProps) {
  const statusName = useId();
  return (
    <div className="users-toolbar">
      <div className="list-toolbar">
        <SearchBox
          query={query}
          onSearch={onSearch}
          label="Поиск пользователей"
          placeholder="ФИО, e-mail, телефон или компания"
        />
        <ToolbarSelect
          label="Роль"
          value={role}
          options={ASSIGNABLE_ROLES}
          labels={ROLE_LABELS}
          emptyLabel="Все роли"
          onChange={onRoleChange}
        />
        <ToolbarSelect
          label="Сортировка"
          value={sortBy}
          options={userSortSchema.options}
          labels={SORT_LABELS}
          onChange={(chosen) => onSortChange(chosen ?? "registration-date")}
        />
      </div>
      <fieldset className="users-status-filter">
        <legend className="visually-hidden">Статус</legend>
        {STATUS_FILTERS.map((option) => (
          <label
            key={option.label}
            className={`users-status-filter__chip${status === option.value ? " is-active" : ""}`}
          >
            <input
              type="radio"
              name={statusName}
              checked={status === option.value}
              onChange={() => onStatusChange(option.value)}
            />
            {option.label}
          </label>
        ))}
      </fieldset>
    </div>
  );
}
