import { MESSAGES, type Profile, type ProfilePage, type UserSort } from "@fonika/shared";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { Icon } from "../../../components/ui/icon.tsx";
import { Pagination } from "../../../components/ui/pagination.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { ROLE_LABELS } from "../../../config/roles.ts";
import { errorText } from "../../../lib/error-messages.ts";
import { formatDate, formatPhone } from "../../../lib/format.ts";
import { fullNameOf } from "../../../lib/person-names.ts";
import { UserStatusChip } from "./user-status-chip.tsx";
import type { UsersFilters } from "./users-toolbar.tsx";
import "../users.css";

/** The row's action: only accounts the server lets the viewer activate have it. */
function ActivateButton({
  profile,
  busy,
  onActivate,
}: {
  profile: Profile;
  busy: boolean;
  onActivate: (profile: Profile) => void;
}) {
  if (!profile.abilities.activate) return null;
  return (
    <Button
      variant="secondary"
      busy={busy}
      aria-label={`Активировать ${fullNameOf(profile)}`}
      onClick={() => onActivate(profile)}
    >
      Активировать
    </Button>
  );
}

/** Newest first for the registration date, alphabetical for the others. */
function ariaSortOf(column: UserSort, sortBy: UserSort): "ascending" | "descending" | "none" {
  if (column !== sortBy) return "none";
  return column === "registration-date" ? "descending" : "ascending";
}

interface Column {
  key: string;
  header: string;
  /** The order a click on the header chooses. */
  sort?: UserSort;
  className?: string;
  render: (profile: Profile) => ReactNode;
}

/** The page of users as its query gives it. */
export interface UsersPageQuery {
  data: ProfilePage | undefined;
  isPending: boolean;
  isFetching: boolean;
  isError: boolean;
  error: unknown;
}

interface UsersTableProps extends UsersFilters {
  users: UsersPageQuery;
  /** Activates a waiting account (offered where `abilities.activate`). */
  onActivate: (profile: Profile) => void;
  /** The user whose activation is under way. */
  activatingId: string | null;
  /** Counts from 0. */
  page: number;
  onPageChange: (page: number) => void;
  onSortChange: (sortBy: UserSort) => void;
  /** The client page of a user, when the viewer may open it. */
  clientPath?: ((profile: Profile) => string) | undefined;
  /** Handed to the client page with the link (where to lead back to). */
  linkState?: unknown;
  /** The edit page of a user, when the viewer may open it (shown where `abilities.edit`). */
  editPath?: ((profile: Profile) => string) | undefined;
}

/**
 * The users of the service, a page at a time: the client base. The rows of
 * the last answer stay on screen while the next ones load, so nothing
 * jumps; below 1024 px each row is a card.
 */
export function UsersTable({
  users,
  onActivate,
  activatingId,
  query,
  sortBy,
  role,
  status,
  page,
  onPageChange,
  onSortChange,
  clientPath,
  linkState,
  editPath,
}: UsersTableProps) {
  const rows = users.data?.data ?? [];
  const filtered = Boolean(query || role || status);

  // Name, login and phone share the first column, so that the table with
  // its actions fits 1280 px beside the open side menu (issue 17); the
  // login shows under a name only (a nameless account is named by it).
  const columns: Column[] = [
    {
      key: "name",
      header: "ФИО",
      sort: "name",
      className: "users-table__name",
      render: (profile) => {
        const name = fullNameOf(profile);
        return (
          <div className="users-table__who">
            {clientPath ? (
              <Link className="users-table__link" to={clientPath(profile)} state={linkState}>
                {name}
              </Link>
            ) : (
              <span className="users-table__title">{name}</span>
            )}
            {profile.login && profile.login !== name && (
              <span className="users-table__contact">{profile.login}</span>
            )}
            {profile.phone && (
              <span className="users-table__contact nowrap">{formatPhone(profile.phone)}</span>
            )}
          </div>
        );
      },
    },
    { key: "role", header: "Роль", render: (profile) => ROLE_LABELS[profile.role] },
    { key: "status", header: "Статус", render: (profile) => <UserStatusChip profile={profile} /> },
    {
      key: "createdAt",
      header: "Регистрация",
      sort: "registration-date",
      render: (profile) => <span className="nowrap">{formatDate(profile.createdAt)}</span>,
    },
  ];
  if (editPath || rows.some((profile) => profile.abilities.activate)) {
    columns.push({
      key: "actions",
      header: "Действия",
      className: "users-table__actions",
      render: (profile) => (
        <div className="row-actions">
          <ActivateButton
            profile={profile}
            busy={activatingId === profile.userId}
            onActivate={onActivate}
          />
          {editPath && profile.abilities.edit && (
            <Link
              className="button button--ghost button--md users-table__edit"
              to={editPath(profile)}
              aria-label={`Изменить ${fullNameOf(profile)}`}
              title="Изменить"
            >
              <Icon name="edit" />
              <span className="users-table__action-text">Изменить</span>
            </Link>
          )}
        </div>
      ),
    });
  }

  const empty = users.isError ? (
    <EmptyState icon="users" title="Не удалось загрузить пользователей">
      {errorText(users.error)}
    </EmptyState>
  ) : filtered ? (
    <EmptyState icon="search" title={MESSAGES.nothingFound}>
      {query
        ? `По запросу «${query}» никого нет. Ищите по ФИО, e-mail, телефону или компании.`
        : "С такими фильтрами никого нет."}
    </EmptyState>
  ) : (
    <EmptyState icon="users" title="Пока нет пользователей">
      Зарегистрированные клиенты и сотрудники появятся здесь.
    </EmptyState>
  );

  return (
    <div aria-busy={users.isFetching}>
      <div className="table-wrap users-table-wrap">
        <table className="table table--cards users-table">
          <caption className="visually-hidden">Пользователи</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th
                  key={column.key}
                  scope="col"
                  className={column.className}
                  aria-sort={column.sort ? ariaSortOf(column.sort, sortBy) : undefined}
                >
                  {column.sort ? (
                    <button
                      type="button"
                      className={`table__sort${column.sort === sortBy ? " is-active" : ""}`}
                      onClick={() => column.sort && onSortChange(column.sort)}
                    >
                      {column.header}
                      {column.sort === sortBy && <Icon name="arrow-down" size={14} />}
                    </button>
                  ) : column.key === "actions" ? (
                    // The buttons say what they do; a word here would only widen the table.
                    <span className="visually-hidden">{column.header}</span>
                  ) : (
                    column.header
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {users.isPending
              ? [0, 1, 2].map((index) => (
                  <tr key={index} className="users-table__placeholder">
                    {columns.map((column) => (
                      <td key={column.key}>
                        <Skeleton width="80%" />
                      </td>
                    ))}
                  </tr>
                ))
              : rows.map((profile) => (
                  <tr key={profile.userId}>
                    {columns.map((column) => (
                      <td key={column.key} className={column.className} data-label={column.header}>
                        {column.render(profile)}
                      </td>
                    ))}
                  </tr>
                ))}
          </tbody>
        </table>
        {!users.isPending && rows.length === 0 && <div className="table__empty">{empty}</div>}
      </div>
      <div className="table-footer">
        <span className="muted">{users.data ? `Всего: ${users.data.total}` : ""}</span>
        <Pagination page={page} totalPages={users.data?.totalPages ?? 0} onChange={onPageChange} />
      </div>
    </div>
  );
}
