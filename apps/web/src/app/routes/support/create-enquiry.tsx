import { ENQUIRY_TOPICS, type Enquiry, PAGING, type Profile, roleMay } from "@fonika/shared";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { toast } from "react-toastify";
import { BackLink } from "../../../components/layouts/back-link.tsx";
import { Page, Section } from "../../../components/ui/page.tsx";
import { pathTo } from "../../../config/paths.ts";
import { ROUTES } from "../../../config/routes.ts";
import { usersQueryOptions } from "../../../features/accounts/api/list-users.ts";
import { useEstablishments } from "../../../features/establishments/api/list-establishments.ts";
import { useUserPlayers } from "../../../features/players/api/list-user-players.ts";
import {
  ClientChooser,
  type ClientOption,
} from "../../../features/support/components/client-chooser.tsx";
import { EnquiryForm } from "../../../features/support/components/enquiry-form.tsx";
import { ENQUIRY_TEXTS } from "../../../features/support/support-texts.ts";
import { useApiClient, useSessionState } from "../../../lib/app-services.ts";
import { fullNameOf } from "../../../lib/person-names.ts";
import { useDebouncedValue } from "../../../lib/use-debounced-value.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const idOf = (value: string | null) => (value && UUID.test(value) ? value : undefined);

/** How a client is named in the admin's chooser: the name, then the login. */
function clientOptionOf(profile: Profile): ClientOption {
  return { id: profile.userId, name: `${fullNameOf(profile)} (${profile.login})` };
}

/**
 * `/support/create-enquiry` (client, admin): a new enquiry about the
 * client's own establishments and players; an admin first chooses the
 * client. `?topic=`, `?establishmentId=` and `?playerId=` preselect (the
 * player page and the silence note link here). Once sent it opens.
 */
export default function CreateEnquiryScreen() {
  const { role, userId } = useSessionState();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const forClient = roleMay(role, "enquireForClients");
  const [clientSearch, setClientSearch] = useState("");
  const [chosenClient, setChosenClient] = useState<ClientOption | null>(null);
  const searched = useDebouncedValue(clientSearch.trim(), 300);
  const api = useApiClient();
  // Only an admin chooses a client: a client's own call would be refused.
  const clients = useQuery({
    ...usersQueryOptions(api, { page: 0, query: searched, sortBy: "name", role: "role-client" }),
    enabled: forClient,
  });
  const found = forClient ? (clients.data?.data ?? []).map(clientOptionOf) : [];
  // The chosen client stays a choice while another search shows others.
  const clientOptions =
    chosenClient && !found.some((client) => client.id === chosenClient.id)
      ? [chosenClient, ...found]
      : found;

  const ownerId = forClient ? (chosenClient?.id ?? null) : userId;
  const establishments = useEstablishments(ownerId, {
    page: 0,
    query: "",
    count: PAGING.maxPageSize,
  });
  const players = useUserPlayers(ownerId);

  const preset = {
    topic: ENQUIRY_TOPICS.find((topic) => topic === searchParams.get("topic")),
    establishmentId: idOf(searchParams.get("establishmentId")),
    playerId: idOf(searchParams.get("playerId")),
  };

  const handleCreated = (enquiry: Enquiry) => {
    toast.success(ENQUIRY_TEXTS.created(enquiry.number));
    navigate(pathTo("SupportEnquiry", { id: enquiry.id }));
  };

  return (
    <Page
      title={ROUTES.SupportCreateEnquiry.title}
      description="Опишите вопрос или неполадку — специалист поддержки ответит здесь и по почте."
      actions={<BackLink label={ENQUIRY_TEXTS.back} to={pathTo("SupportEnquiries")} />}
    >
      <Section title="Обращение">
        <EnquiryForm
          // A new client brings other establishments and players: the choices start anew.
          key={ownerId ?? "none"}
          establishments={(establishments.data?.data ?? []).map(({ id, name }) => ({ id, name }))}
          players={(players.data?.data ?? []).map(({ id, name, establishmentId }) => ({
            id,
            name,
            establishmentId,
          }))}
          preset={preset}
          clientId={forClient ? (chosenClient?.id ?? null) : undefined}
          clientChooser={
            forClient ? (
              <ClientChooser
                search={clientSearch}
                onSearch={setClientSearch}
                clients={clientOptions}
                loading={clients.isFetching}
                value={chosenClient?.id ?? null}
                onChange={(id) =>
                  setChosenClient(clientOptions.find((client) => client.id === id) ?? null)
                }
              />
            ) : undefined
          }
          onCreated={handleCreated}
        />
      </Section>
    </Page>
  );
}
