import { useParams } from "react-router";
import { BackLink } from "../../../components/layouts/back-link.tsx";
import { Page } from "../../../components/ui/page.tsx";
import { pathTo } from "../../../config/paths.ts";
import { ROUTES } from "../../../config/routes.ts";
import { EstablishmentHistory } from "../../../features/history/components/establishment-history.tsx";

/**
 * ClientObjectHistory: what the venue's players played, with a period, pages
 * and the royalty report. With `{clientId}` staff view a client's venue.
 */
export default function ClientObjectHistoryScreen() {
  const { id = "", clientId } = useParams();
  return (
    <Page
      title={ROUTES.ClientObjectHistory.title}
      actions={<BackLink label="Заведение" to={pathTo("ClientObject", { id, clientId })} />}
    >
      <section className="card">
        <EstablishmentHistory establishmentId={id} />
      </section>
    </Page>
  );
}
