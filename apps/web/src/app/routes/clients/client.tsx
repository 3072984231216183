import { useState } from "react";
import { Link, useLocation, useParams } from "react-router";
import { Icon } from "../../../components/ui/icon.tsx";
import { pathTo } from "../../../config/paths.ts";
import { canAccessRoute, ROUTES } from "../../../config/routes.ts";
import { useAvatarUrl } from "../../../features/accounts/api/get-avatar.ts";
import { useProfile } from "../../../features/accounts/api/get-profile.ts";
import { ClientCheck } from "../../../features/accounts/components/client-check.tsx";
import {
  EstablishmentsSection,
  PlayersSection,
} from "../../../features/accounts/components/client-sections.tsx";
import { DeleteUserButton } from "../../../features/accounts/components/delete-user-button.tsx";
import { UserHeader } from "../../../features/accounts/components/user-header.tsx";
import { useEstablishments } from "../../../features/establishments/api/list-establishments.ts";
import { OrganizationInfo } from "../../../features/organizations/components/organization-info.tsx";
import { playlistsQueryOptions } from "../../../features/playlists/api/list-playlists.ts";
import { ClientSubscriptions } from "../../../features/subscriptions/components/client-subscriptions.tsx";
import { ClientTariffs } from "../../../features/tariffs/components/client-tariffs.tsx";
import { usePlaylistSearch } from "../../../features/tariffs/hooks/use-playlist-search.ts";
import { useApiClient, useSessionState } from "../../../lib/app-services.ts";
import { backToClientBase } from "./client-page-state.ts";
import { useRefreshUser } from "./use-refresh-user.ts";
import { UserNotFound, useLeaveDeletedUser } from "./user-page.tsx";

/**
 * Admin and client manager: one client's page (SPEC.md §2 Client profile
 * header), then their contacts and requisites to check (with 'Активировать'
 * while the account waits), establishments, subscriptions (a pending one
 * approved in place), tariffs with their playlists and players. The
 * buttons are those the server's `abilities` allow.
 */
export default function ClientScreen() {
  const { clientId = "" } = useParams();
  const { role } = useSessionState();
  const location = useLocation();
  const leaveDeletedUser = useLeaveDeletedUser(clientId);
  const [establishmentsPage, setEstablishmentsPage] = useState(0);
  const profile = useProfile(clientId);
  const establishments = useEstablishments(clientId, { page: establishmentsPage, query: "" });
  const refreshUser = useRefreshUser();
  const avatarUrl = useAvatarUrl(profile.data);
  const api = useApiClient();
  const playlistSearch = usePlaylistSearch((text) => playlistsQueryOptions(api, { text }));
  const back = { to: backToClientBase(location.state), label: "Назад к пользователям" };

  if (profile.isError) return <UserNotFound error={profile.error} back={back} />;

  const handleDeleted = leaveDeletedUser;

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
      {profile.data && (
        <ClientCheck
          profile={profile.data}
          requisites={
            <OrganizationInfo
              userId={clientId}
              empty={<p className="muted">Клиент ещё не заполнил реквизиты организации.</p>}
            />
          }
          organizationsPath={pathTo("ProfileLegalList", {}, { clientId })}
          onActivated={refreshUser}
        />
      )}
      <EstablishmentsSection
        establishments={establishments}
        page={establishmentsPage}
        onPageChange={setEstablishmentsPage}
        establishmentPath={(establishment) =>
          pathTo("ClientObject", { id: establishment.id, clientId })
        }
      />
      <ClientSubscriptions
        userId={clientId}
        subscriptionPath={
          canAccessRoute(ROUTES.SubscriptionCreate, role)
            ? (subscription) =>
                pathTo("SubscriptionCreate", { subscriptionEditId: subscription.id })
            : undefined
        }
      />
      <ClientTariffs
        userId={clientId}
        establishments={establishments.data?.data ?? []}
        playlistSearch={playlistSearch}
      />
      <PlayersSection
        establishments={establishments}
        playersPath={pathTo("Players", { id: clientId })}
      />
    </section>
  );
}
