import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { pathTo } from "../../../config/paths.ts";
import { profileQueryKey } from "../../../features/accounts/api/get-profile.ts";
import { UserHeader } from "../../../features/accounts/components/user-header.tsx";
import { errorText } from "../../../lib/error-messages.ts";

/** A user's page (the client page, edit-user) whose user could not be read: why, and the way back. */
export function UserNotFound({
  error,
  back,
}: {
  error: unknown;
  back: { to: string; label: string };
}) {
  return (
    <section className="page" aria-labelledby="page-title">
      <UserHeader profile={undefined} back={back} />
      <EmptyState icon="users" title="Пользователь не найден">
        {errorText(error)}
      </EmptyState>
    </section>
  );
}

/** Leaves a user's page once the user is deleted, for the client base. */
export function useLeaveDeletedUser(userId: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return () => {
    // Marked stale without a refetch: the deleted user's page is being left.
    void queryClient.invalidateQueries({ queryKey: profileQueryKey(userId), refetchType: "none" });
    navigate(pathTo("ClientBase"), { replace: true });
  };
}
