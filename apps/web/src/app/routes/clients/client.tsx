import { canAccessRoute, ROUTES } from "@fonika/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useLocation, useNavigate, useParams } from "react-router";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { Icon } from "../../../components/ui/icon.tsx";
import { pathTo } from "../../../config/paths.ts";
import { useAvatarUrl } from "../../../features/accounts/api/get-avatar.ts";
import { profileQueryKey, useProfile } from "../../../features/accounts/api/get-profile.ts";
import { useEstablishments } from "../../../features/establishments/api/list-establishments.ts";
import { playlistsQueryOptions } from "../../../features/playlists/api/list-playlists.ts";
import { useUserSubscriptions } from "../../../features/subscriptions/api/list-user-subscriptions.ts";
import { ClientTariffs } from "../../../features/tariffs/components/client-tariffs.tsx";
import { usePlaylistSearch } from "../../../features/tariffs/hooks/use-playlist-search.ts";
import {
  EstablishmentsSection,
  PlayersSection,
  SubscriptionsSection,
} from "../../../features/users/components/client-sections.tsx";
import { DeleteUserButton } from "../../../features/users/components/delete-user-button.tsx";
import { UserHeader } from "../../../features/users/components/user-header.tsx";
import { useApiClient, useSessionState } from "../../../lib/app-services.ts";
import { errorText } from "../../../lib/error-messages.ts";
import { backToClientBase } from "./client-page-state.ts";

/**
 * Admin and client manager: one client's page (SPEC.md §2 Client profile
 * header), then their establishments, subscriptions, tariffs with their
 * playlists and players. The buttons are those the server's `abilities` allow.
 */
export default function ClientScreen() {
  const { clientId = "" } = useParams();
  const { role } = useSessionState();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [establishmentsPage, setEstablishmentsPage] = useState(0);
  const profile = useProfile(clientId);
  const establishments = useEstablishments(clientId, { page: establishmentsPage, query: "" });
  const subscriptions = useUserSubscriptions(clientId);
  const avatarUrl = useAvatarUrl(profile.data);
  const api = useApiClient();
  const playlistSearch = usePlaylistSearch((text) => playlistsQueryOptions(api, { text }));
  const back = { to: backToClientBase(location.state), label: "Назад к пользователям" };

  if (profile.isError) {
    return (
      <section className="page" aria-labelledby="page-title">
        <UserHeader profile={undefined} back={back} />
        <EmptyState icon="users" title="Пользователь не найден">
          {errorText(profile.error)}
        </EmptyState>
      </section>
    );
  }

  const handleDeleted = () => {
    // Marked stale without a refetch: the deleted user's page is being left.
    void queryClient.invalidateQueries({
      queryKey: profileQueryKey(clientId),
      refetchType: "none",
    });
    navigate(pathTo("ClientBase"), { replace: true });
  };

  return (
    <section className="page" aria-labelledby="page-title">
      <UserHeader
        profile={profile.data}
        avatarUrl={avatarUrl}
        back={back}
        actions={
          profile.data && (
            <>
              {profile.data.abilities.edit && canAccessRoute(ROUTES.EditUser, role) && (
                <Link
                  to={pathTo("EditUser", { clientId })}
                  className="button button--secondary button--md"
                >
                  <Icon name="edit" />
                  Редактировать
                </Link>
              )}
              <DeleteUserButton profile={profile.data} onDeleted={handleDeleted} />
            </>
          )
        }
      />
      <EstablishmentsSection
        establishments={establishments}
        page={establishmentsPage}
        onPageChange={setEstablishmentsPage}
        establishmentPath={(establishment) =>
          pathTo("ClientObject", { id: establishment.id, clientId })
        }
      />
      <SubscriptionsSection subscriptions={subscriptions} />
      <ClientTariffs
        userId={clientId}
        establishments={establishments.data?.data ?? []}
        playlistSearch={playlistSearch}
      />
      <PlayersSection establishments={establishments} />
    </section>
  );
}
