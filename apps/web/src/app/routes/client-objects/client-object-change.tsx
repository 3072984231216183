import { Link, useNavigate, useParams } from "react-router";
import { toast } from "react-toastify";
import { BackLink } from "../../../components/layouts/back-link.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { Page, Section } from "../../../components/ui/page.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { pathTo } from "../../../config/paths.ts";
import { ROUTES } from "../../../config/routes.ts";
import { useChangeEstablishment } from "../../../features/establishments/api/change-establishment.ts";
import { useEstablishment } from "../../../features/establishments/api/get-establishment.ts";
import { EstablishmentForm } from "../../../features/establishments/components/establishment-form.tsx";
import { EstablishmentLoadError } from "../../../features/establishments/components/establishment-load-error.tsx";
import { useEstablishmentsOwner } from "../../../features/establishments/hooks/use-establishments-owner.ts";

/** ClientObjectChange: an establishment's name, address, time zone and explicit filter. */
export default function ClientObjectChangeScreen() {
  const params = useParams();
  const id = params.id ?? "";
  const { ownerId, clientId } = useEstablishmentsOwner(params.clientId);
  const navigate = useNavigate();
  const establishment = useEstablishment(ownerId, id);
  const change = useChangeEstablishment(ownerId ?? "", id);
  const detailPath = pathTo("ClientObject", { id, clientId });
  const back = { label: "К заведению", to: detailPath };

  if (establishment.isError) {
    return (
      <Page title={ROUTES.ClientObjectChange.title} actions={<BackLink {...back} />}>
        <EstablishmentLoadError error={establishment.error} clientId={clientId} />
      </Page>
    );
  }
  const data = establishment.data;
  if (!data) {
    return (
      <Page title={ROUTES.ClientObjectChange.title} actions={<BackLink {...back} />}>
        <Section title="Заведение">
          <div className="establishment-form-skeleton" aria-busy="true">
            <Skeleton height="44px" />
            <Skeleton height="44px" />
            <Skeleton height="44px" />
          </div>
        </Section>
      </Page>
    );
  }
  if (!data.abilities.edit) {
    return (
      <Page title={ROUTES.ClientObjectChange.title} actions={<BackLink {...back} />}>
        <div className="card">
          <EmptyState icon="shield" title="Изменять это заведение вам нельзя">
            Посмотреть его можно на странице заведения.
          </EmptyState>
        </div>
      </Page>
    );
  }
  return (
    <Page
      title={ROUTES.ClientObjectChange.title}
      description={data.name}
      actions={<BackLink {...back} />}
    >
      <Section title="Заведение">
        <EstablishmentForm
          key={data.id}
          initial={{
            name: data.name,
            address: data.address,
            timeZone: data.timeZone,
            explicitFilter: data.explicitFilter,
          }}
          submitLabel="Сохранить изменения"
          secondaryAction={
            <Link to={detailPath} className="button button--ghost button--md">
              Отмена
            </Link>
          }
          onSubmit={async (input) => {
            await change.mutateAsync(input);
            toast.success("Изменения сохранены");
            navigate(detailPath);
          }}
        />
      </Section>
    </Page>
  );
}
