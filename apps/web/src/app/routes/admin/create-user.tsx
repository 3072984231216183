import { type Profile, STAFF_ROLES } from "@fonika/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { toast } from "react-toastify";
import { BackLink } from "../../../components/layouts/back-link.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { Page, Section } from "../../../components/ui/page.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { pathTo } from "../../../config/paths.ts";
import { ROUTES } from "../../../config/routes.ts";
import { profileQueryKey } from "../../../features/accounts/api/get-profile.ts";
import { useCreatableRoles } from "../../../features/accounts/api/list-creatable-roles.ts";
import { usersQueryKey } from "../../../features/accounts/api/list-users.ts";
import { CreateUserForm } from "../../../features/accounts/components/create-user-form.tsx";
import { errorText } from "../../../lib/error-messages.ts";

/** Whether a role is staff's (their page is the edit page) rather than a client's. */
function isStaffRole(role: Profile["role"]): boolean {
  return (STAFF_ROLES as readonly string[]).includes(role);
}

/**
 * Admin and client manager: a new account with a role among those the
 * server allows (GET /auth/account/creatable-roles). Once created, a
 * client's account opens on its client page, a staff member's on its edit
 * page.
 */
export default function CreateUserScreen() {
  const roles = useCreatableRoles();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const handleCreated = (profile: Profile) => {
    queryClient.setQueryData(profileQueryKey(profile.userId), profile);
    void queryClient.invalidateQueries({ queryKey: usersQueryKey });
    toast.success(
      "Пользователь создан. Он войдёт по коду, отправленному на его e-mail или телефон",
    );
    navigate(
      isStaffRole(profile.role)
        ? pathTo("EditUser", { clientId: profile.userId })
        : pathTo("Client", { clientId: profile.userId }),
    );
  };

  return (
    <Page
      title={ROUTES.CreateUser.title}
      description="Учётная запись сотрудника или клиента с ролью и контактами."
      actions={<BackLink label="Пользователи" to={pathTo("ClientBase")} />}
    >
      <Section title="Пользователь">
        {roles.isPending ? (
          <div className="form" aria-hidden="true">
            <Skeleton height="2.5em" />
            <Skeleton height="2.5em" />
          </div>
        ) : roles.isError ? (
          <p className="form__error" role="alert">
            {errorText(roles.error)}
          </p>
        ) : roles.data.length === 0 ? (
          <EmptyState icon="users" title="Вы не можете создавать пользователей">
            Создавать учётные записи могут администратор и клиент-менеджер.
          </EmptyState>
        ) : (
          <CreateUserForm roles={roles.data} onCreated={handleCreated} />
        )}
      </Section>
    </Page>
  );
}
