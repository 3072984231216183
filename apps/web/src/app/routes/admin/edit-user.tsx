import { useParams } from "react-router";
import { toast } from "react-toastify";
import { Section } from "../../../components/ui/page.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { pathTo } from "../../../config/paths.ts";
import { canAccessRoute, ROUTES } from "../../../config/routes.ts";
import { useChangePersonalInfo } from "../../../features/accounts/api/change-personal-info.ts";
import { useAvatarUrl } from "../../../features/accounts/api/get-avatar.ts";
import { useProfile } from "../../../features/accounts/api/get-profile.ts";
import { DeleteUserButton } from "../../../features/accounts/components/delete-user-button.tsx";
import { UserAccess } from "../../../features/accounts/components/user-access.tsx";
import { UserHeader } from "../../../features/accounts/components/user-header.tsx";
import {
  type UserInfoChange,
  UserInfoForm,
} from "../../../features/accounts/components/user-info-form.tsx";
import { useSessionState } from "../../../lib/app-services.ts";
import { useRefreshUser } from "../clients/use-refresh-user.ts";
import { UserNotFound, useLeaveDeletedUser } from "../clients/user-page.tsx";

/**
 * Admin and client manager: a user's names and contacts, role, activation,
 * block and unblock, and deletion — each shown only where the profile's
 * `abilities` (computed by the server's policies) allow it.
 */
export default function EditUserScreen() {
  const { clientId = "" } = useParams();
  const { role } = useSessionState();
  const leaveDeletedUser = useLeaveDeletedUser(clientId);
  const profile = useProfile(clientId);
  const avatarUrl = useAvatarUrl(profile.data);
  const changeInfo = useChangePersonalInfo(clientId);
  const refreshUser = useRefreshUser();
  const back = canAccessRoute(ROUTES.Client, role)
    ? { to: pathTo("Client", { clientId }), label: "Назад к пользователю" }
    : { to: pathTo("ClientBase"), label: "Назад к пользователям" };

  if (profile.isError) return <UserNotFound error={profile.error} back={back} />;

  const handleDeleted = leaveDeletedUser;
  const handleSave = (change: UserInfoChange) =>
    changeInfo.mutate(change, {
      onSuccess: () => toast.success("Данные пользователя сохранены"),
    });

  return (
    <section className="page" aria-labelledby="page-title">
      <UserHeader
        profile={profile.data}
        avatarUrl={avatarUrl}
        back={back}
        actions={
          profile.data && <DeleteUserButton profile={profile.data} onDeleted={handleDeleted} />
        }
      />
      <Section title="Личные данные">
        {!profile.data ? (
          <div className="form" aria-hidden="true">
            <Skeleton height="2.5em" />
            <Skeleton height="2.5em" />
          </div>
        ) : profile.data.abilities.edit ? (
          <UserInfoForm
            // A fresh form for each user (the fields start from their profile).
            key={profile.data.userId}
            profile={profile.data}
            onSubmit={handleSave}
            busy={changeInfo.isPending}
            error={changeInfo.error}
          />
        ) : (
          <p className="muted">Личные данные этого пользователя вы изменить не можете.</p>
        )}
      </Section>
      <Section title="Роль и доступ">
        {profile.data ? (
          <UserAccess profile={profile.data} onChanged={refreshUser} />
        ) : (
          <Skeleton height="2.5em" />
        )}
      </Section>
    </section>
  );
}
