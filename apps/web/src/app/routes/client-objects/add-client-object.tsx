import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { toast } from "react-toastify";
import { BackLink } from "../../../components/layouts/back-link.tsx";
import { Page, Section } from "../../../components/ui/page.tsx";
import { pathTo } from "../../../config/paths.ts";
import { ROUTES } from "../../../config/routes.ts";
import { useAddEstablishment } from "../../../features/establishments/api/add-establishment.ts";
import {
  EstablishmentForm,
  emptyEstablishment,
} from "../../../features/establishments/components/establishment-form.tsx";
import { useEstablishmentsOwner } from "../../../features/establishments/hooks/use-establishments-owner.ts";

/**
 * AddClientObjects: a new establishment of the signed-in client, or of the
 * client named by ?clientId= when staff add one for them. After saving it
 * opens the new establishment's page.
 */
export default function AddClientObjectScreen() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { ownerId, clientId } = useEstablishmentsOwner(searchParams.get("clientId") ?? undefined);
  const addEstablishment = useAddEstablishment(ownerId ?? "");
  const [initial] = useState(emptyEstablishment);
  const back = {
    label: clientId ? "Заведения клиента" : "Мои заведения",
    to: pathTo("ClientObjectsList", {}, { clientId }),
  };

  return (
    <Page
      title={ROUTES.AddClientObjects.title}
      description="Заведение, в котором будет звучать музыка: название, адрес и часовой пояс."
      actions={<BackLink {...back} />}
    >
      <Section title="Заведение">
        <EstablishmentForm
          initial={initial}
          submitLabel="Добавить заведение"
          onSubmit={async (input) => {
            const establishment = await addEstablishment.mutateAsync(input);
            toast.success(`Заведение «${establishment.name}» добавлено`);
            navigate(pathTo("ClientObject", { id: establishment.id, clientId }), {
              replace: true,
            });
          }}
        />
      </Section>
    </Page>
  );
}
