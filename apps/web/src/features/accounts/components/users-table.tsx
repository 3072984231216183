import { MESSAGES, type Profile, ROLE_LABELS, type UserSort } from "@fonika/shared";
import { useState } from "react";
import { toast } from "react-toastify";
import { Button } from "../../../components/ui/button.tsx";
import { type Column, DataTable } from "../../../components/ui/data-table.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { Pagination } from "../../../components/ui/pagination.tsx";
import { errorText } from "../../../lib/error-messages.ts";
import { formatDate, formatPhone } from "../../../lib/format.ts";
import { useActivateUser } from "../api/activate-user.ts";
import { useUsers } from "../api/list-users.ts";

const STATUS_LABELS: Record<"active" | "blocked", string> = {
  active: "Активен",
  blocked: "Заблокирован",
};

/** 'Иванова Анна Сергеевна', or a dash while the profile has no name yet. */
function fullNameOf(profile: Profile): string {
  return (
    [profile.lastName, profile.firstName, profile.patronymic].filter(Boolean).join(" ").trim() ||
    "—"
  );
}

const COLUMNS: readonly Column<Profile>[] = [
  { key: "name", header: "ФИО", render: fullNameOf },
  { key: "login", header: "Логин", render: (profile) => profile.login || "—" },
  {
    key: "phone",
    header: "Телефон",
    width: "13em",
    render: (profile) => (
      <span className="nowrap">{profile.phone ? formatPhone(profile.phone) : "—"}</span>
    ),
  },
  { key: "role", header: "Роль", width: "11em", render: (profile) => ROLE_LABELS[profile.role] },
  {
    key: "status",
    header: "Статус",
    width: "9em",
    render: (profile) => {
      // Deleted accounts are not listed; anything but blocked is active.
      const status = profile.status === "blocked" ? "blocked" : "active";
      return <span className={`chip chip--${status}`}>{STATUS_LABELS[status]}</span>;
    },
  },
  {
    key: "createdAt",
    header: "Дата регистрации",
    width: "10em",
    render: (profile) => <span className="nowrap">{formatDate(profile.createdAt)}</span>,
  },
];

/** The row action: only accounts waiting for activation have one. */
function ActivateButton({ profile }: { profile: Profile }) {
  const activate = useActivateUser();
  if (profile.role !== "wait-activation") return null;
  const name = fullNameOf(profile);
  return (
    <Button
      variant="secondary"
      busy={activate.isPending}
      aria-label={`Активировать ${name === "—" ? profile.login : name}`}
      onClick={() =>
        activate.mutate(profile.userId, {
          onSuccess: () => toast.success(MESSAGES.changeRoleComplete),
          onError: () => toast.error(MESSAGES.changeRoleFailed),
        })
      }
    >
      Активировать
    </Button>
  );
}

const ACTIONS_COLUMN: Column<Profile> = {
  key: "actions",
  header: "Действия",
  width: "11em",
  render: (profile) => <ActivateButton profile={profile} />,
};

interface UsersTableProps {
  /** The search as the address bar holds it; empty lists everyone. */
  query: string;
  sortBy: UserSort;
  /** Whether the viewer activates accounts (the server refuses anyone else anyway). */
  canActivate: boolean;
}

/**
 * The users of the service, a page at a time: the client base. A new search
 * or order starts again from the first page; the previous rows stay on
 * screen while the next ones load, so the table does not jump.
 */
export function UsersTable({ query, sortBy, canActivate }: UsersTableProps) {
  const listKey = `${sortBy}\n${query}`;
  const [paging, setPaging] = useState({ listKey, page: 0 });
  const page = paging.listKey === listKey ? paging.page : 0;
  const users = useUsers({ page, query, sortBy });
  const columns = canActivate ? [...COLUMNS, ACTIONS_COLUMN] : COLUMNS;

  return (
    <div aria-busy={users.isFetching}>
      <DataTable
        caption="Пользователи"
        columns={columns}
        rows={users.data?.data ?? []}
        rowKey={(profile) => profile.userId}
        loading={users.isPending}
        empty={
          users.isError ? (
            <EmptyState icon="users" title="Не удалось загрузить пользователей">
              {errorText(users.error)}
            </EmptyState>
          ) : query ? (
            <EmptyState icon="search" title={MESSAGES.nothingFound}>
              По запросу «{query}» никого нет. Ищите по ФИО, e-mail, телефону или компании.
            </EmptyState>
          ) : (
            <EmptyState icon="users" title="Пока нет пользователей">
              Зарегистрированные клиенты и сотрудники появятся здесь.
            </EmptyState>
          )
        }
      />
      <div className="table-footer">
        <span className="muted">{users.data ? `Всего: ${users.data.total}` : ""}</span>
        <Pagination
          page={page}
          totalPages={users.data?.totalPages ?? 0}
          onChange={(next) => setPaging({ listKey, page: next })}
        />
      </div>
    </div>
  );
}
